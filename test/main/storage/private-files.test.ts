// Issue #36 item 1: everything the app writes in the user data folder is the user's alone: files
// 0600, folders 0700, and a folder or file left looser by an earlier version tightened. The umask
// is set to the common 022 so a file made with the default mode would show as 0644.
import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ShortenQueue } from '../../../src-main/desktop/shorten-queue.ts';
import { TrayCacheStore } from '../../../src-main/desktop/tray-cache.ts';
import { WindowStateStore } from '../../../src-main/desktop/window-state.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { makeRunningDesktop } from '../desktop/harness.ts';

const posix = process.platform !== 'win32';
if (!posix) console.log('skipped: file modes are POSIX; on Windows the profile folder’s ACLs apply');

let temp: { dir: string; cleanup: () => Promise<void> };
let umask = 0;
beforeAll(() => {
  if (posix) umask = process.umask(0o022);
});
afterAll(() => {
  if (posix) process.umask(umask);
});
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(() => temp.cleanup());

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** Every file and folder under `dir` (itself included) with its mode, as 'name 600'. */
async function modes(dir: string): Promise<string[]> {
  const found = [`. ${(await modeOf(dir)).toString(8)}`];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push(`${path.relative(dir, full)} ${(await modeOf(full)).toString(8)}`);
  }
  return found.sort();
}
const loose = (listed: string[]) => listed.filter((line) => !/ (600|700)$/.test(line));

describe.skipIf(!posix)('the user data folder', () => {
  it('holds only 0600 files in 0700 folders after a first run, a folder and files left looser tightened', async () => {
    const dir = path.join(temp.dir, 'Linkdock');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    // Left by an earlier version, world-readable: an empty workspace list and a tray cache.
    await writeFile(path.join(dir, 'workspaces.json'), JSON.stringify({ version: 1, workspaces: [], currentId: null }), { mode: 0o644 });
    await writeFile(path.join(dir, 'tray-cache.json'), JSON.stringify({ version: 1, workspaces: {} }), { mode: 0o644 });

    // A first run: the sandbox (its database), its workspace (workspaces.json, keys/), the settings.
    const desktop = await makeRunningDesktop({ dir });
    const { workspaceId } = desktop.shell.sandbox!;
    const link = await desktop.call('links.create', { workspaceId, input: { location_url: 'https://example.com/mode', url: 'mode-check' } });
    expect(link).toMatchObject({ id: expect.any(Number) });
    // The clipboard queue, the tray cache and the window's place.
    const queue = new ShortenQueue({ dir });
    await queue.load();
    await queue.add({ requestId: 'r1', workspaceId, location_url: 'https://example.com/', url: 'a', shortUrl: 'https://s.example/a', requestedAt: 1 });
    const tray = new TrayCacheStore({ dir });
    await tray.load();
    await tray.put({ workspaceId, recent: [], pinned: [], status: { online: true, pending: 0, problems: 0 } });
    await new WindowStateStore({ dir }).save({ bounds: { x: 0, y: 0, width: 1000, height: 700 }, maximized: false });

    const listed = await modes(dir);
    expect(listed).toEqual(
      expect.arrayContaining([
        '. 700',
        'workspaces.json 600',
        'tray-cache.json 600',
        'shorten-queue.json 600',
        'window-state.json 600',
        'desktop-settings.json 600',
        'keys 700',
        `keys/${workspaceId}.key.json 600`,
        'sandbox.sqlite 600',
        'sandbox.sqlite-wal 600',
      ]),
    );
    expect(loose(listed)).toEqual([]);
    await desktop.shell.stop();
  });

  it('a folder left 0755 is tightened at start, before anything is written', async () => {
    const dir = path.join(temp.dir, 'Linkdock');
    await mkdir(dir);
    await chmod(dir, 0o755);
    const desktop = await makeRunningDesktop({ dir, seed: async () => expect(await modeOf(dir)).toBe(0o700) });
    await desktop.shell.stop();
  });
});

/** `npm run sandbox` as a child (scripts/sandbox.ts), stopped once it is listening. */
async function runSandboxScript(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const script = path.join(import.meta.dirname, '../../../scripts/sandbox.ts');
  const child = spawn(process.execPath, [script, '--key', 'mode-key', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sandbox listening on')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`the sandbox exited before it was ready: ${output}`)));
  });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

describe.skipIf(!posix)('npm run sandbox', () => {
  it('makes Linkdock’s user data folder 0700 (not 0755) and its database 0600', async () => {
    const config = path.join(temp.dir, 'config');
    await runSandboxScript([], { XDG_CONFIG_HOME: config });
    expect(await modes(path.join(config, 'Linkdock'))).toEqual(['. 700', 'sandbox.sqlite 600']);
  });

  it('tightens Linkdock’s user data folder when it was left 0755', async () => {
    const config = path.join(temp.dir, 'config');
    await mkdir(path.join(config, 'Linkdock'), { recursive: true });
    await chmod(path.join(config, 'Linkdock'), 0o755);
    await runSandboxScript([], { XDG_CONFIG_HOME: config });
    expect(await modeOf(path.join(config, 'Linkdock'))).toBe(0o700);
  });

  it('makes the folders of a --data file 0700 when it makes them', async () => {
    const data = path.join(temp.dir, 'new', 'deeper', 'sandbox.sqlite');
    await runSandboxScript(['--data', data], {});
    expect(await modeOf(path.join(temp.dir, 'new'))).toBe(0o700);
    expect(await modes(path.join(temp.dir, 'new', 'deeper'))).toEqual(['. 700', 'sandbox.sqlite 600']);
  });
});
