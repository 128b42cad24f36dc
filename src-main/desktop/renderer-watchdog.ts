// Brings a window's page back when its renderer crashes ('render-process-gone') or hangs
// ('unresponsive' for longer than a grace period; 'responsive' cancels): the page is reloaded with
// a notice, and the renderer's outbox (IndexedDB) resumes on load. A renderer that keeps failing is
// left alone after a few reloads, with a notice that opens the logs folder, so a page that crashes on
// load does not spin forever.
import type { Notify } from './notice.ts';

/** The parts of a window's webContents the watchdog uses (Electron's WebContents fits as it is). */
export interface WatchedContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string; exitCode: number }) => void): unknown;
  on(event: 'unresponsive', listener: () => void): unknown;
  on(event: 'responsive', listener: () => void): unknown;
  isDestroyed(): boolean;
  reload(): void;
  /** Ends a hung renderer, so the reload gets a fresh process instead of queueing behind the hang. */
  forcefullyCrashRenderer(): void;
}

export interface WatchdogTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WatchdogOptions {
  notify: Notify;
  log: { warn(message: string): void; error(message: string): void };
  openLogsFolder(): void | Promise<void>;
  /** True while the app quits: a renderer ending then is not a crash to recover from. */
  quitting(): boolean;
  /** How long an unresponsive page may stay so before it is reloaded. */
  hangGraceMs?: number;
  /** At most this many reloads within `windowMs`; the next failure gives up. */
  maxReloads?: number;
  windowMs?: number;
  now?: () => number;
  timers?: WatchdogTimers;
}

export const HANG_GRACE_MS = 15_000;
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 10 * 60_000;
/** A 'render-process-gone' this soon after the watchdog ended a hung renderer is that kill, already reloaded. */
const KILL_ECHO_MS = 5_000;

const systemTimers: WatchdogTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RendererWatchdog {
  /** Reloads done within the current window (tests, diagnostics). */
  readonly recentReloads: number;
  readonly gaveUp: boolean;
}

export function watchRenderer(contents: WatchedContents, options: WatchdogOptions): RendererWatchdog {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? systemTimers;
  const graceMs = options.hangGraceMs ?? HANG_GRACE_MS;
  const maxReloads = options.maxReloads ?? MAX_RELOADS;
  const windowMs = options.windowMs ?? RELOAD_WINDOW_MS;
  let reloads: number[] = [];
  let gaveUp = false;
  let hangTimer: unknown = null;
  let killedAt = -Infinity;

  const cancelHang = (): void => {
    if (hangTimer !== null) timers.clearTimeout(hangTimer);
    hangTimer = null;
  };

  /** Reloads unless the limit is reached; `what` says what happened, in plain words. */
  const recover = (what: string, detail: string, kill: boolean): void => {
    cancelHang();
    if (gaveUp || options.quitting() || contents.isDestroyed()) return;
    const at = now();
    reloads = reloads.filter((t) => at - t < windowMs);
    if (reloads.length >= maxReloads) {
      gaveUp = true;
      options.log.error(`renderer ${detail}: not reloaded, it failed ${reloads.length + 1} times within ${Math.round(windowMs / 60_000)} min`);
      options.notify({
        title: 'Linkdock’s window keeps failing',
        body: `Its page ${what} again, so Linkdock stopped reloading it. Your unsent changes are kept. Click to open the logs folder, then restart Linkdock.`,
        onClick: () =>
          void Promise.resolve()
            .then(() => options.openLogsFolder())
            .catch((error: unknown) => options.log.error(`open logs folder: ${String(error)}`)),
      });
      return;
    }
    reloads.push(at);
    options.log.warn(
      `renderer ${detail}: reloading the page (${reloads.length} of ${maxReloads} within ${Math.round(windowMs / 60_000)} min); its outbox resumes on load`,
    );
    try {
      if (kill) {
        killedAt = at;
        contents.forcefullyCrashRenderer();
      }
      contents.reload();
    } catch (error) {
      options.log.error(`renderer reload failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    options.notify({ title: 'Linkdock’s window was reloaded', body: `Its page ${what}. Your unsent changes are kept and sync when it is back.` });
  };

  contents.on('render-process-gone', (_event, details) => {
    // A normal end (the window closing) is not a crash; the kill of a hung page was reloaded already.
    if (details.reason === 'clean-exit') return;
    if (now() - killedAt < KILL_ECHO_MS) return;
    recover('stopped unexpectedly', `gone (${details.reason}, exit code ${details.exitCode})`, false);
  });
  contents.on('unresponsive', () => {
    if (hangTimer !== null || gaveUp) return;
    options.log.warn('renderer unresponsive: waiting before reloading it');
    hangTimer = timers.setTimeout(() => {
      hangTimer = null;
      recover(`stopped responding for more than ${Math.round(graceMs / 1000)} s`, `unresponsive for ${graceMs} ms`, true);
    }, graceMs);
  });
  contents.on('responsive', () => {
    if (hangTimer === null) return;
    cancelHang();
    options.log.warn('renderer responsive again: not reloaded');
  });

  return {
    get recentReloads() {
      const at = now();
      return reloads.filter((t) => at - t < windowMs).length;
    },
    get gaveUp() {
      return gaveUp;
    },
  };
}
