import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchRenderer, type WatchdogOptions } from '../../../src-main/desktop/renderer-watchdog.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { FakeWindow, recordNotices } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

/** Timers that run only when the test says so. */
function manualTimers() {
  let now = 1_000_000;
  let pending: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++;
        pending.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (handle: unknown) => {
        pending = pending.filter((p) => p.id !== handle);
      },
    },
    advance(ms: number) {
      now += ms;
      const due = pending.filter((p) => p.at <= now);
      pending = pending.filter((p) => p.at > now);
      for (const p of due) p.fn();
    },
  };
}

function setup(overrides: Partial<WatchdogOptions> = {}) {
  const window = new FakeWindow({ bounds: { width: 800, height: 600 } });
  const { notices, notify } = recordNotices();
  const lines: string[] = [];
  const clock = manualTimers();
  let logsOpened = 0;
  let quitting = false;
  const dog = watchRenderer(window.webContents, {
    notify,
    log: { warn: (m) => void lines.push(`warn ${m}`), error: (m) => void lines.push(`error ${m}`) },
    openLogsFolder: () => {
      logsOpened += 1;
    },
    quitting: () => quitting,
    hangGraceMs: 10_000,
    now: clock.now,
    timers: clock.timers,
    ...overrides,
  });
  const crash = (reason = 'crashed', exitCode = 139) => window.contentEvents.fire('render-process-gone', { reason, exitCode });
  return { window, notices, lines, clock, dog, crash, logsOpened: () => logsOpened, quit: () => (quitting = true) };
}

describe('renderer watchdog: crashes', () => {
  it('reloads a crashed page, logs it and says so', () => {
    const { window, notices, lines, crash } = setup();
    crash('oom', -1);
    expect(window.reloads).toBe(1);
    expect(window.rendererKills).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^warn renderer gone \(oom, exit code -1\): reloading the page \(1 of 3 within 10 min\); its outbox resumes on load$/),
    ]);
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Linkdock’s window was reloaded', body: expect.stringMatching(/stopped unexpectedly.*unsent changes are kept/) }),
    ]);
  });

  it('does not reload a page that ended normally, or while the app quits, or a destroyed window', () => {
    const first = setup();
    first.crash('clean-exit', 0);
    expect(first.window.reloads).toBe(0);
    first.quit();
    first.crash();
    expect(first.window.reloads).toBe(0);
    const second = setup();
    second.window.destroyed = true;
    second.crash();
    expect(second.window.reloads).toBe(0);
    expect([...first.notices, ...second.notices]).toEqual([]);
  });

  it('stops after 3 reloads in 10 minutes, with a notice that opens the logs folder; later crashes stay quiet', () => {
    const { window, notices, lines, crash, clock, logsOpened, dog } = setup();
    for (let i = 0; i < 3; i += 1) {
      crash();
      clock.advance(60_000);
    }
    expect(window.reloads).toBe(3);
    crash();
    expect(window.reloads).toBe(3);
    expect(dog.gaveUp).toBe(true);
    const last = notices.at(-1)!;
    expect(last.title).toBe('Linkdock’s window keeps failing');
    expect(last.body).toMatch(/open the logs folder/);
    last.onClick?.();
    expect(lines.at(-1)).toMatch(/^error renderer gone \(crashed, exit code 139\): not reloaded, it failed 4 times within 10 min$/);
    crash();
    expect(notices).toHaveLength(4);
    return Promise.resolve().then(() => expect(logsOpened()).toBe(1));
  });

  it('crashes spread wider than the window are each reloaded', () => {
    const { window, crash, clock } = setup();
    for (let i = 0; i < 6; i += 1) {
      crash();
      clock.advance(4 * 60_000);
    }
    expect(window.reloads).toBe(6);
  });
});

describe('renderer watchdog: hangs', () => {
  it('a page unresponsive past the grace period is ended and reloaded once', () => {
    const { window, notices, crash, clock } = setup();
    window.contentEvents.fire('unresponsive');
    clock.advance(9_999);
    expect(window.reloads).toBe(0);
    clock.advance(1);
    expect(window.rendererKills).toBe(1);
    expect(window.reloads).toBe(1);
    expect(notices.at(-1)?.body).toMatch(/stopped responding for more than 10 s/);
    // Ending the hung renderer reports it gone ('killed'): that is the same recovery, not a second one.
    crash('killed', 9);
    expect(window.reloads).toBe(1);
    expect(notices).toHaveLength(1);
  });

  it("'responsive' within the grace period cancels the reload", () => {
    const { window, notices, lines, clock } = setup();
    window.contentEvents.fire('unresponsive');
    clock.advance(5_000);
    window.contentEvents.fire('responsive');
    clock.advance(60_000);
    expect(window.reloads).toBe(0);
    expect(notices).toEqual([]);
    expect(lines.at(-1)).toBe('warn renderer responsive again: not reloaded');
  });

  it('a reload that throws is logged, never thrown', () => {
    const { window, lines, crash } = setup();
    window.webContents.reload = () => {
      throw new Error('Object has been destroyed');
    };
    expect(() => crash()).not.toThrow();
    expect(lines.at(-1)).toBe('error renderer reload failed: Object has been destroyed');
  });
});

describe('renderer watchdog in the desktop shell', () => {
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

  it('the app window is reloaded when its renderer crashes, and on load gets the shortens its outbox has not acknowledged', async () => {
    desktop = await makeRunningDesktop({
      dir: temp.dir,
      seed: async (services) => void (await addWorkspace(services, 'Work', 'https://links.example.com/')),
      startSandbox: () => Promise.reject(new Error('no sandbox in this test')),
    });
    const window = desktop.windows[0]!;
    desktop.clipboard.text = 'https://example.com/a-long-page';
    await desktop.shell.shortenFromClipboard();
    const pending = (await desktop.call('links.shortenPending', {})) as unknown[];
    expect(pending).toHaveLength(1);
    const noticesBefore = desktop.notices.length;
    window.contentEvents.fire('render-process-gone', { reason: 'crashed', exitCode: 11 });
    expect(window.reloads).toBe(1);
    expect(desktop.notices.slice(noticesBefore).map((n) => n.title)).toEqual(['Linkdock’s window was reloaded']);
    const before = window.received('links.shortenRequested').length;
    window.contentEvents.fire('did-finish-load');
    expect(window.received('links.shortenRequested').slice(before)).toEqual(pending);
  });
});
