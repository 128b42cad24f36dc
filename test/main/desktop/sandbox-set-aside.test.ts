// Issue #36 item 8: removing and bringing back the Sandbox workspace sets its database aside each
// time; a window doing that in a loop must not fill the disk. The desktop shell runs as in the app,
// with the real sandbox and its database file in the user data folder.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SET_ASIDE_KEPT, SET_ASIDE_MAX_AGE_MS } from '../../../src-main/desktop/sandbox-set-aside.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { makeRunningDesktop, type Desktop } from './harness.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
const running: Desktop[] = [];
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  for (const desktop of running.splice(0)) await desktop.shell.stop();
  await temp.cleanup();
});

async function desktop(): Promise<Desktop> {
  const made = await makeRunningDesktop({ dir: temp.dir });
  running.push(made);
  return made;
}

/** The set-aside copies in the folder, by their time stamp (a copy is the database and its WAL files). */
async function setAsideCopies(): Promise<string[]> {
  const stamps = (await readdir(temp.dir)).map((name) => /^sandbox\.sqlite\.removed-(\d+)(?:-wal|-shm)?$/.exec(name)?.[1]).filter((s) => s !== undefined);
  return [...new Set(stamps)].sort();
}

describe('set-aside sandbox databases', () => {
  it('removing and restoring the Sandbox in a loop keeps at most one set-aside copy', async () => {
    const app = await desktop();
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      await app.services.workspaces.remove(app.shell.sandbox!.workspaceId);
      await app.call('desktop.restoreSandbox', {});
      expect((await setAsideCopies()).length).toBeLessThanOrEqual(SET_ASIDE_KEPT);
    }
    expect(SET_ASIDE_KEPT).toBe(1);
    expect(await setAsideCopies()).toHaveLength(1);
    // The live database is untouched and the Sandbox works.
    expect(await readdir(temp.dir)).toContain('sandbox.sqlite');
    expect(await app.call('workspaces.testConnection', { workspaceId: app.shell.sandbox!.workspaceId })).toMatchObject({ outcome: 'ok' });
  });

  it('a set-aside copy older than a week is removed at start; a newer one and unrelated files stay', async () => {
    const old = Date.now() - SET_ASIDE_MAX_AGE_MS - 60_000;
    const recent = Date.now() - 24 * 60 * 60_000;
    const seeded = [
      `sandbox.sqlite.removed-${old}`,
      `sandbox.sqlite.removed-${old}-wal`,
      `sandbox.sqlite.removed-${recent}`,
      `sandbox.sqlite.removed-${recent}-shm`,
      'sandbox.sqlite.removed-notes.txt',
      `other.sqlite.removed-${old}`,
    ];
    for (const name of seeded) await writeFile(path.join(temp.dir, name), 'x');
    await desktop();
    const names = await readdir(temp.dir);
    expect(names).not.toContain(`sandbox.sqlite.removed-${old}`);
    expect(names).not.toContain(`sandbox.sqlite.removed-${old}-wal`);
    expect(names).toEqual(
      expect.arrayContaining([
        `sandbox.sqlite.removed-${recent}`,
        `sandbox.sqlite.removed-${recent}-shm`,
        'sandbox.sqlite.removed-notes.txt',
        `other.sqlite.removed-${old}`,
      ]),
    );
  });
});
