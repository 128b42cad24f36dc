// A removed Sandbox workspace's database is set aside, not deleted, when the user brings the
// Sandbox back (its demo aliases would collide with the new account's). Bounded (issue #36): only
// the newest set-aside copy is kept, and it goes once it is a week old, so removing and restoring
// the Sandbox in a loop cannot fill the disk.
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Set-aside copies kept at most (the newest). */
export const SET_ASIDE_KEPT = 1;
/** How long a set-aside copy is kept, checked at every start and every set-aside. */
export const SET_ASIDE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** SQLite's database and its WAL companions: one copy is all three. */
const PARTS = ['', '-wal', '-shm'];

/** Renames the database and its companions (those that exist) to `<file>.removed-<now>`, then prunes. */
export async function setAsideDatabase(file: string, now: number): Promise<void> {
  for (const part of PARTS) {
    await rename(`${file}${part}`, `${file}.removed-${now}${part}`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await pruneSetAside(file, now);
}

/** Removes set-aside copies beyond the newest SET_ASIDE_KEPT, and every one older than SET_ASIDE_MAX_AGE_MS. */
export async function pruneSetAside(file: string, now: number): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.removed-`;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const copies = new Map<number, string[]>();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d{1,16})(-wal|-shm)?$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const stamp = Number(match[1]);
    copies.set(stamp, [...(copies.get(stamp) ?? []), name]);
  }
  const newestFirst = [...copies.keys()].sort((a, b) => b - a);
  for (const [index, stamp] of newestFirst.entries()) {
    if (index < SET_ASIDE_KEPT && now - stamp <= SET_ASIDE_MAX_AGE_MS) continue;
    for (const name of copies.get(stamp) ?? []) await rm(path.join(dir, name), { force: true });
  }
}
