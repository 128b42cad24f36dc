// When to look for an update and what to say about it: a check soon after start and every few
// hours, a notice once a downloaded update is ready (it installs when the app quits; a click
// restarts now), nothing in development builds or when the user turned updates off in Settings.
// Failures (offline, the feed unreachable) are logged, once per distinct message, never shown: a
// laptop without a network must not collect notices. electron-updater sits behind UpdaterPort
// (src-main/electron/updater.ts), so this runs in plain Node.
import type { Notify } from './notice.ts';

/** What the shell needs of electron-updater's autoUpdater. */
export interface UpdaterPort {
  onError(listener: (error: Error) => void): void;
  /** A new version was downloaded and will install on quit. */
  onDownloaded(listener: (version: string) => void): void;
  /** Looks for an update (and downloads it when automatic). */
  check(): Promise<unknown>;
  /** Whether updates download by themselves and install when the app quits. */
  setAutomatic(on: boolean): void;
  quitAndInstall(): void;
}

export interface UpdateTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UpdateChecksOptions {
  /** Absent where the app cannot update itself (tests without one, the web preview). */
  updater?: UpdaterPort | undefined;
  /** Development build: never checks. */
  dev: boolean;
  /** The user's choice (Settings → Desktop → Updates). */
  enabled(): boolean;
  /** False when the system says there is no network (Electron's net.isOnline()). */
  isOnline?: () => boolean;
  notify: Notify;
  log: { info(message: string): void; warn(message: string): void };
  /** First check after start (the window and the sandbox go first). */
  firstCheckMs?: number;
  intervalMs?: number;
  timers?: UpdateTimers;
}

export const FIRST_CHECK_MS = 30_000;
export const CHECK_EVERY_MS = 4 * 60 * 60_000;

const systemTimers: UpdateTimers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.(); // a pending check never holds the app open
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class UpdateChecks {
  readonly #options: UpdateChecksOptions;
  readonly #timers: UpdateTimers;
  #timer: unknown = null;
  #running = false;
  #checking = false;
  #lastLogged: string | null = null;
  #readyVersion: string | null = null;

  constructor(options: UpdateChecksOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
  }

  /** Why updates cannot run here, for Settings; null when they can. */
  get note(): string | null {
    if (this.#options.dev) return 'Updates are off in development builds.';
    if (!this.#options.updater) return 'This build cannot update itself.';
    if (this.#readyVersion) return `Linkdock ${this.#readyVersion} is downloaded and installs when you quit.`;
    return null;
  }

  start(): void {
    const { updater, dev } = this.#options;
    if (this.#running) return;
    if (dev || !updater) {
      this.#options.log.info(dev ? 'updates: off in development builds' : 'updates: this build cannot update itself');
      return;
    }
    this.#running = true;
    updater.setAutomatic(this.#options.enabled());
    updater.onError((error) => this.#logOnce(`update check failed: ${error instanceof Error ? error.message : String(error)}`));
    updater.onDownloaded((version) => this.#ready(version));
    this.#schedule(this.#options.firstCheckMs ?? FIRST_CHECK_MS);
  }

  stop(): void {
    this.#running = false;
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** The user switched updates on or off: on checks soon, off stops downloading and installing on quit. */
  setEnabled(on: boolean): void {
    if (!this.#running) return;
    this.#options.updater?.setAutomatic(on);
    this.#options.log.info(`updates: turned ${on ? 'on' : 'off'} in Settings`);
    if (on) this.#schedule(0);
  }

  /** One check now (also what the timer runs); resolves when it has settled, never rejects. */
  async checkNow(): Promise<void> {
    const { updater } = this.#options;
    if (!this.#running || !updater || this.#checking || this.#readyVersion) return;
    if (!this.#options.enabled()) return;
    if (this.#options.isOnline && !this.#options.isOnline()) {
      this.#logOnce('update check skipped: offline');
      return;
    }
    this.#checking = true;
    try {
      await updater.check();
      this.#lastLogged = null; // a later failure is news again
    } catch (error) {
      // The 'error' event usually says it too; the same text is logged once.
      this.#logOnce(`update check failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.#checking = false;
    }
  }

  #schedule(ms: number): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      void this.checkNow().finally(() => {
        if (this.#running && !this.#readyVersion) this.#schedule(this.#options.intervalMs ?? CHECK_EVERY_MS);
      });
    }, ms);
  }

  #ready(version: string): void {
    if (this.#readyVersion === version) return;
    this.#readyVersion = version;
    this.#options.log.info(`update ${version} downloaded: installs when Linkdock quits`);
    if (!this.#options.enabled()) return;
    const updater = this.#options.updater;
    this.#options.notify({
      title: 'Update ready',
      body: `Linkdock ${version} is downloaded and installs when you quit. Click to restart and install it now.`,
      onClick: () => updater?.quitAndInstall(),
    });
  }

  #logOnce(message: string): void {
    if (message === this.#lastLogged) return;
    this.#lastLogged = message;
    this.#options.log.warn(message);
  }
}
