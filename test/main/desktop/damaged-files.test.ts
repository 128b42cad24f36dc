// Issue #40 item 7: a file that cannot be read at start is set aside and the app says so: the log
// always, and a notice where the user lost something they chose (settings, clipboard links waiting).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src-main/logging/app-log.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
const running: Desktop[] = [];
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  for (const desktop of running.splice(0)) await desktop.shell.stop();
  await temp.cleanup();
});

const asideOf = async (name: string) => (await readdir(temp.dir)).filter((file) => file.startsWith(`${name}.damaged-`));

describe('damaged files at start', () => {
  it('settings and the shorten queue set aside are told in one notice; the tray cache only logged', async () => {
    await writeFile(path.join(temp.dir, 'desktop-settings.json'), '{"version":1,"closeTo');
    await writeFile(path.join(temp.dir, 'shorten-queue.json'), 'not json');
    await writeFile(path.join(temp.dir, 'tray-cache.json'), '[]');
    const seed = async (services: Desktop['services']) => void (await addWorkspace(services, 'Work', 'https://links.example.com/'));
    const desktop = await makeRunningDesktop({ dir: temp.dir, seed });
    running.push(desktop);

    const [settingsAside] = await asideOf('desktop-settings.json');
    const [queueAside] = await asideOf('shorten-queue.json');
    expect(await readFile(path.join(temp.dir, settingsAside!), 'utf8')).toBe('{"version":1,"closeTo');
    expect(await asideOf('tray-cache.json')).toHaveLength(1);
    const told = desktop.notices.filter((notice) => /could not be read/.test(notice.title));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('settings were reset');
    expect(told[0]!.body).toContain(path.join(temp.dir, settingsAside!));
    expect(told[0]!.body).toContain('shortened from the clipboard');
    expect(told[0]!.body).toContain(path.join(temp.dir, queueAside!));
    expect(told[0]!.body).not.toContain('tray-cache');
  });

  it('a damaged workspace list is logged as well as reported to the caller', async () => {
    await writeFile(path.join(temp.dir, 'workspaces.json'), '{"version":1,"work');
    const warnings: string[] = [];
    const log = createAppLog({ logger: { info: () => undefined, warn: (line) => void warnings.push(line), error: () => undefined } });
    const services = await testMainServices(temp.dir, {
      log,
    });
    const [aside] = await asideOf('workspaces.json');
    expect(services.loadReport).toEqual({ recoveredFrom: path.join(temp.dir, aside!) });
    expect(warnings.some((line) => line.includes('workspaces.json could not be read') && line.includes(aside!))).toBe(true);
  });
});
