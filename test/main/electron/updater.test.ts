// The electron-updater adapter with a fake autoUpdater: what a check found, as update-checks.ts reads it.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { electronUpdater } from '../../../src-main/electron/updater.ts';

function fakeAutoUpdater(result: unknown) {
  return Object.assign(new EventEmitter(), { logger: null as unknown, checkForUpdates: async () => result });
}
const log = { info: () => undefined, warn: () => undefined };

describe('electronUpdater', () => {
  it('check() gives the newer version a check found, null for none, and null when electron-updater said nothing', async () => {
    const found = electronUpdater(fakeAutoUpdater({ isUpdateAvailable: true, updateInfo: { version: '0.2.0' } }) as never, log, '/nowhere/app-update.yml');
    expect(await found.check()).toEqual({ newVersion: '0.2.0' });
    const current = electronUpdater(fakeAutoUpdater({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } }) as never, log, '/nowhere/app-update.yml');
    expect(await current.check()).toEqual({ newVersion: null });
    const inactive = electronUpdater(fakeAutoUpdater(null) as never, log, '/nowhere/app-update.yml');
    expect(await inactive.check()).toBeNull();
    expect(inactive.feed()).toBeNull();
  });
});
