// Issue #36 item 2: a build looks only at a feed its release configured, and installs an update by
// itself only where a signature vouches for it (macOS, a signed Windows build). electron-updater is
// replaced by a fake whose feed() is the packaged app's app-update.yml.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_EVERY_MS, FIRST_CHECK_MS, UpdateChecks } from '../../../src-main/desktop/update-checks.ts';
import { planUpdates, readFeed } from '../../../src-main/desktop/update-plan.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { FakeUpdater, GITHUB_FEED, manualTimers } from './fake-updater.ts';
import { recordNotices } from './fakes.ts';
import { makeRunningDesktop, type Desktop } from './harness.ts';

const SIGNED_FEED = `${GITHUB_FEED}publisherName:\n  - Acme Software Ltd\n`;

function setup(platform: NodeJS.Platform, feedText: string | null) {
  const updater = new FakeUpdater(feedText);
  const clock = manualTimers();
  const { notices, notify } = recordNotices();
  const lines: string[] = [];
  const opened: string[] = [];
  let enabled = true;
  const checks = new UpdateChecks({
    updater,
    dev: false,
    platform,
    enabled: () => enabled,
    notify,
    openExternal: async (url) => void opened.push(url),
    log: { info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`) },
    timers: clock.timers,
  });
  return { updater, clock, notices, lines, opened, checks, setEnabled: (on: boolean) => (enabled = on) };
}

describe('a build without an update feed', () => {
  it('never calls check, on any system; Settings and the log say updates are not configured', async () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { updater, clock, checks, lines } = setup(platform, null);
      checks.start();
      await checks.checkNow();
      checks.setEnabled(true);
      await clock.advance(FIRST_CHECK_MS + 10 * CHECK_EVERY_MS);
      expect(updater.checks).toBe(0);
      expect(updater.automatic).toBeNull();
      expect(clock.pending()).toBe(0);
      expect(checks.note).toBe('Updates are not configured for this build: it never looks for new versions.');
      expect(lines).toEqual(['info updates: not configured for this build (no app-update.yml): never checking']);
    }
  });
});

describe('Linux (AppImage, deb): nothing checks a package signature', () => {
  it('looks and says a new version is out, but never downloads or installs it, even with updates on', async () => {
    const { updater, clock, checks, notices, opened, lines } = setup('linux', GITHUB_FEED);
    checks.start();
    expect(updater.automatic).toBe(false);
    checks.setEnabled(true);
    expect(updater.automatic).toBe(false);
    expect(checks.note).toBe(
      'Linkdock tells you when a new version is out but does not install it by itself: nothing checks the signature of a Linux package.',
    );
    await clock.advance(FIRST_CHECK_MS);
    expect(updater.checks).toBe(1);

    updater.available('0.2.0');
    updater.available('0.2.0');
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Update available',
        body: 'Linkdock 0.2.0 is out. This build does not install updates by itself: click to open the releases page.',
      }),
    ]);
    notices[0]!.onClick?.();
    expect(opened).toEqual(['https://github.com/acme/linkdock/releases']);
    expect(checks.note).toBe('Linkdock 0.2.0 is out: download it from its releases page.');
    expect(lines).toContain('info update 0.2.0 available: this build does not install it');

    // Were a download ever to finish, nothing offers to install it.
    updater.downloaded('0.2.0');
    expect(notices).toHaveLength(1);
    expect(updater.installs).toBe(0);
    // It goes on looking: a later version is news again.
    await clock.advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(2);
  });

  it('turned off in Settings: no check and no notice', async () => {
    const { updater, clock, checks, notices, setEnabled } = setup('linux', GITHUB_FEED);
    setEnabled(false);
    checks.start();
    await clock.advance(FIRST_CHECK_MS + CHECK_EVERY_MS);
    expect(updater.checks).toBe(0);
    updater.available('0.2.0');
    expect(notices).toEqual([]);
  });
});

describe('macOS and Windows', () => {
  it('install by themselves where a signature is checked: macOS always (Squirrel.Mac), Windows when the feed names the signer', () => {
    for (const [platform, feed, automatic] of [
      ['darwin', GITHUB_FEED, true],
      ['win32', SIGNED_FEED, true],
      ['win32', GITHUB_FEED, false],
      ['win32', `${GITHUB_FEED}publisherName: null\n`, false],
    ] as const) {
      const { updater, checks } = setup(platform, feed);
      checks.start();
      expect({ platform, feed, automatic: updater.automatic }).toEqual({ platform, feed, automatic });
    }
    expect(planUpdates({ dev: false, platform: 'win32', feedText: GITHUB_FEED })).toMatchObject({
      kind: 'notify',
      note: 'Linkdock tells you when a new version is out but does not install it by itself: this build is not signed.',
    });
  });

  it('development builds never read the feed nor check', () => {
    expect(planUpdates({ dev: true, platform: 'darwin', feedText: SIGNED_FEED })).toMatchObject({
      kind: 'never',
      note: 'Updates are off in development builds.',
    });
  });
});

describe('readFeed (app-update.yml as electron-builder writes it)', () => {
  it('reads the signers and the releases page, and nothing it does not recognise', () => {
    expect(readFeed(SIGNED_FEED)).toEqual({ publisherNames: ['Acme Software Ltd'], releasesPage: 'https://github.com/acme/linkdock/releases' });
    expect(readFeed(`${GITHUB_FEED}publisherName:\n  - 'CN=Acme, O=Acme'\n  - "Acme Ltd"\nother: 1\n`).publisherNames).toEqual(['CN=Acme, O=Acme', 'Acme Ltd']);
    expect(readFeed('provider: generic\nurl: https://example.com/updates\n')).toEqual({ publisherNames: [], releasesPage: null });
    expect(readFeed('provider: github\nowner: "evil/../x"\nrepo: r\n').releasesPage).toBeNull();
    expect(readFeed('').publisherNames).toEqual([]);
  });
});

describe('Settings in a packaged build without a feed', () => {
  let desktop: Desktop | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await desktop?.shell.stop();
    await cleanup?.();
  });

  it('desktop.getSettings carries the note, and nothing is checked', async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    const updater = new FakeUpdater(null);
    desktop = await makeRunningDesktop({ dir: temp.dir, platform: 'darwin', updater, startSandbox: () => Promise.reject(new Error('no sandbox here')) });
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({
      updateNote: 'Updates are not configured for this build: it never looks for new versions.',
    });
    await desktop.call('desktop.setSettings', { autoUpdate: true });
    expect(updater.checks).toBe(0);
    expect(updater.automatic).toBeNull();
  });
});
