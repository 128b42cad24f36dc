// When Linkdock looks for updates and what it says, with electron-updater replaced by a fake
// (the real one needs the packaged Electron app: see the last test).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECK_EVERY_MS, FIRST_CHECK_MS, INSTALL_NOTE, UpdateChecks, type UpdateChecksOptions } from '../../../src-main/desktop/update-checks.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { FakeUpdater, manualTimers } from './fake-updater.ts';
import { eventually, recordNotices } from './fakes.ts';
import { makeRunningDesktop, type Desktop } from './harness.ts';

function setup(overrides: Partial<UpdateChecksOptions> = {}) {
  const updater = new FakeUpdater();
  const clock = manualTimers();
  const { notices, notify } = recordNotices();
  const lines: string[] = [];
  let enabled = true;
  let online = true;
  const checks = new UpdateChecks({
    updater,
    dev: false,
    // macOS: Squirrel.Mac checks the update's signature, so updates install themselves (update-plan.test.ts has the rest).
    platform: 'darwin',
    enabled: () => enabled,
    isOnline: () => online,
    notify,
    log: { info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`) },
    timers: clock.timers,
    ...overrides,
  });
  return {
    updater,
    clock,
    notices,
    lines,
    checks,
    setEnabled: (on: boolean) => (enabled = on),
    setOnline: (on: boolean) => (online = on),
  };
}

describe('update checks', () => {
  it('checks 30 s after start, then every 4 hours', async () => {
    const { updater, clock, checks } = setup();
    checks.start();
    expect(updater.automatic).toBe(true);
    await clock.advance(FIRST_CHECK_MS - 1);
    expect(updater.checks).toBe(0);
    await clock.advance(1);
    expect(updater.checks).toBe(1);
    await clock.advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(2);
    await clock.advance(3 * CHECK_EVERY_MS);
    expect(updater.checks).toBe(5);
    checks.stop();
    await clock.advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(5);
  });

  it('never checks in a development build, nor where there is no updater; Settings says why', async () => {
    for (const [overrides, note] of [
      [{ dev: true }, 'Updates are off in development builds.'],
      [{ updater: undefined }, 'This build cannot update itself.'],
    ] as const) {
      const { updater, clock, checks, lines } = setup(overrides);
      checks.start();
      await clock.advance(10 * CHECK_EVERY_MS);
      expect(updater.checks).toBe(0);
      expect(updater.automatic).toBeNull();
      expect(clock.pending()).toBe(0);
      expect(checks.note).toBe(note);
      expect(lines).toHaveLength(1);
    }
  });

  it('turned off in Settings: no check, no download, no install on quit; turned on: checks at once', async () => {
    const { updater, clock, checks, setEnabled } = setup();
    setEnabled(false);
    checks.start();
    expect(updater.automatic).toBe(false);
    await clock.advance(3 * CHECK_EVERY_MS);
    expect(updater.checks).toBe(0);
    setEnabled(true);
    checks.setEnabled(true);
    expect(updater.automatic).toBe(true);
    await clock.advance(0);
    expect(updater.checks).toBe(1);
    setEnabled(false);
    checks.setEnabled(false);
    expect(updater.automatic).toBe(false);
  });

  it('offline: no check, one log line for the whole spell, no notice; back online it checks on schedule', async () => {
    const { updater, clock, checks, lines, notices, setOnline } = setup();
    setOnline(false);
    checks.start();
    await clock.advance(FIRST_CHECK_MS + 10 * CHECK_EVERY_MS);
    expect(updater.checks).toBe(0);
    expect(lines).toEqual(['warn update check skipped: offline']);
    setOnline(true);
    await clock.advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(1);
    expect(notices).toEqual([]);
  });

  it('a failing feed is logged once per distinct error, never thrown or shown', async () => {
    const { updater, clock, checks, lines, notices } = setup();
    updater.failWith = new Error('net::ERR_INTERNET_DISCONNECTED');
    checks.start();
    await clock.advance(FIRST_CHECK_MS + 5 * CHECK_EVERY_MS);
    expect(updater.checks).toBe(6);
    expect(lines).toEqual(['warn update check failed: net::ERR_INTERNET_DISCONNECTED']);
    updater.failWith = new Error('HttpError: 404 Not Found');
    await clock.advance(CHECK_EVERY_MS);
    expect(lines.at(-1)).toBe('warn update check failed: HttpError: 404 Not Found');
    expect(notices).toEqual([]);
  });

  it('a downloaded update: one notice per version; a click restarts into it; no more checks', async () => {
    const { updater, clock, checks, notices, lines } = setup();
    checks.start();
    await clock.advance(FIRST_CHECK_MS);
    updater.downloaded('0.2.0');
    updater.downloaded('0.2.0');
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Update ready', body: 'Linkdock 0.2.0 is downloaded and installs when you quit. Click to restart and install it now.' }),
    ]);
    expect(lines).toContain('info update 0.2.0 downloaded: installs when Linkdock quits');
    expect(checks.note).toBe('Linkdock 0.2.0 is downloaded and installs when you quit.');
    notices[0]!.onClick?.();
    expect(updater.installs).toBe(1);
    const before = updater.checks;
    await clock.advance(3 * CHECK_EVERY_MS);
    expect(updater.checks).toBe(before);
  });

  it.skip('electron-updater against a real release feed: needs the packaged Electron app (app-update.yml, the binary), which cannot run here', () => undefined);
});

describe('updates in the desktop shell and Settings', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: Desktop | null = null;
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    await desktop?.shell.stop();
    desktop = null;
    await temp.cleanup();
  });

  it('desktop.getSettings / setSettings carry the choice, keep it in desktop-settings.json and tell the checks', async () => {
    const updater = new FakeUpdater();
    desktop = await makeRunningDesktop({ dir: temp.dir, platform: 'darwin', updater, startSandbox: () => Promise.reject(new Error('no sandbox here')) });
    // The switch's label says only "up to date"; what that means on this system is the note under it.
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ autoUpdate: true, updateNote: INSTALL_NOTE });
    expect(updater.automatic).toBe(true);
    expect(await desktop.call('desktop.setSettings', { autoUpdate: false })).toMatchObject({ autoUpdate: false });
    expect(updater.automatic).toBe(false);
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    expect(JSON.parse(await readFile(join(temp.dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({
      autoUpdate: false,
      shortcut: 'CommandOrControl+Shift+L',
    });
    await desktop.call('desktop.setSettings', { autoUpdate: true });
    expect(updater.automatic).toBe(true);
    // Switched on: a check soon (on a timer of its own), the next one hours later.
    await eventually(() => expect(updater.checks).toBe(1));
  });
});
