// When to look for an update and what to say about it: a check soon after start and every few
// hours, a notice once a downloaded update is ready (it installs when the app quits; a click
// restarts now), nothing in development builds, in builds without a feed, or when the user turned
// updates off in Settings. Where nothing but the feed vouches for an update (Linux, an unsigned
// Windows build: update-plan.ts), a check only says that a new version is out.
// Failures (offline, the feed unreachable) are logged, once per distinct message, never shown: a
// laptop without a network must not collect notices. electron-updater sits behind UpdaterPort
// (src-main/electron/updater.ts), so this runs in plain Node.
import type { Notify } from './notice.ts';
import { planUpdates, type UpdatePlan } from './update-plan.ts';

/** What the shell needs of electron-updater's autoUpdater. */
export interface UpdaterPort {
  /** The feed built into the app (app-update.yml's text), null when the build has none. */
  feed(): string | null;
  onError(listener: (error: Error) => void): void;
  /** A check found a newer version (before any download). */
  onAvailable(listener: (version: string) => void): void;
  /** A new version was downloaded and will install on quit. */
  onDownloaded(listener: (version: string) => void): void;
  /** Looks for an update (and downloads it when automatic): the newer version found, if any; null when the updater said nothing. */
  check(): Promise<{ newVersion: string | null } | null>;
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
  platform: NodeJS.Platform;
  /** Opens the releases page from a "new version" notice (http(s) only, the app's guarded openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** The running version, for "up to date" after Check for Updates…. */
  version?: string;
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
/** Where an update installs itself (macOS, signed Windows): the switch's label says no more than "up to date". */
export const INSTALL_NOTE = 'New versions are downloaded and installed when you quit.';

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
  readonly #plan: UpdatePlan;
  #timer: unknown = null;
  #running = false;
  #checking = false;
  #lastLogged: string | null = null;
  #readyVersion: string | null = null;
  #availableVersion: string | null = null;

  constructor(options: UpdateChecksOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
    const { updater, dev, platform } = options;
    // Development builds never read the feed: there is none to read, and nothing to check.
    this.#plan = planUpdates({ dev, platform, feedText: dev || !updater ? undefined : updater.feed() });
  }

  /** What updates do here (install, only announce, or nothing and why), for Settings under its switch. */
  get note(): string | null {
    if (this.#plan.kind === 'never') return this.#plan.note;
    if (this.#readyVersion) return `Linkdock ${this.#readyVersion} is downloaded and installs when you quit.`;
    if (this.#plan.kind === 'notify') {
      return this.#availableVersion ? `Linkdock ${this.#availableVersion} is out: download it from its releases page.` : this.#plan.note;
    }
    return INSTALL_NOTE;
  }

  start(): void {
    const { updater } = this.#options;
    const plan = this.#plan;
    if (this.#running) return;
    if (plan.kind === 'never' || !updater) {
      this.#options.log.info(plan.kind === 'never' ? plan.log : 'updates: this build cannot update itself');
      return;
    }
    this.#running = true;
    if (plan.kind === 'notify') this.#options.log.info(plan.log);
    updater.setAutomatic(this.#installs(this.#options.enabled()));
    updater.onError((error) => this.#logOnce(`update check failed: ${error instanceof Error ? error.message : String(error)}`));
    updater.onDownloaded((version) => this.#ready(version));
    updater.onAvailable((version) => this.#available(version));
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
    this.#options.updater?.setAutomatic(this.#installs(on));
    this.#options.log.info(`updates: turned ${on ? 'on' : 'off'} in Settings`);
    if (on) this.#schedule(0);
  }

  /** Check for Updates… in the menu: enabled, or why not (in a few words). */
  get menuState(): { enabled: boolean; reason: string | null } {
    if (this.#plan.kind === 'never') return { enabled: false, reason: this.#plan.menu };
    if (!this.#options.enabled()) return { enabled: false, reason: 'Updates are turned off in Settings' };
    return { enabled: true, reason: null };
  }

  /**
   * Check for Updates…: one check now, and a notice whatever it finds (a timed check speaks only of
   * news). Resolves when it has settled, never rejects.
   */
  async checkFromMenu(): Promise<void> {
    const { updater, notify } = this.#options;
    const { enabled, reason } = this.menuState;
    if (!enabled || !updater || !this.#running) {
      notify({ title: 'Updates', body: `${reason ?? 'This build cannot update itself'}.` });
      return;
    }
    if (this.#readyVersion) return this.#readyNotice(this.#readyVersion);
    if (this.#options.isOnline && !this.#options.isOnline()) {
      notify({ title: 'No network', body: 'Linkdock could not look for updates: this computer is offline.' });
      return;
    }
    if (this.#checking) {
      notify({ title: 'Checking for updates', body: 'Linkdock is already looking for a new version.' });
      return;
    }
    const announced = this.#availableVersion;
    this.#checking = true;
    let found: string | null;
    try {
      found = (await updater.check())?.newVersion ?? null;
      this.#lastLogged = null;
    } catch (error) {
      this.#logOnce(`update check failed: ${error instanceof Error ? error.message : String(error)}`);
      notify({ title: 'Update check failed', body: 'Linkdock could not reach its update feed. It tries again by itself later.' });
      return;
    } finally {
      this.#checking = false;
    }
    if (!found) {
      const version = this.#options.version;
      notify({ title: 'Linkdock is up to date', body: version ? `Version ${version} is the newest.` : 'This is the newest version.' });
    } else if (this.#plan.kind === 'install') {
      if (!this.#readyVersion) notify({ title: 'Update found', body: `Linkdock ${found} is downloading and installs when you quit.` });
    } else if (this.#availableVersion !== found) {
      this.#available(found);
    } else if (announced === found) {
      this.#announce(found); // an earlier check announced it: the user asked again
    } // else: this check's own 'update-available' announced it
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

  /** Download and install on quit: only where the plan allows it, and only while the user wants updates. */
  #installs(enabled: boolean): boolean {
    return enabled && this.#plan.kind === 'install';
  }

  /** Notify-only builds: one notice per new version, whose click opens the releases page. */
  #available(version: string): void {
    const plan = this.#plan;
    if (plan.kind !== 'notify' || this.#availableVersion === version) return;
    this.#availableVersion = version;
    this.#options.log.info(`update ${version} available: this build does not install it`);
    if (this.#options.enabled()) this.#announce(version);
  }

  #announce(version: string): void {
    if (this.#plan.kind !== 'notify') return;
    const plan = this.#plan;
    const page = plan.releasesPage;
    const open = this.#options.openExternal;
    this.#options.notify({
      title: 'Update available',
      body: `Linkdock ${version} is out. This build does not install updates by itself${page && open ? ': click to open the releases page.' : '.'}`,
      ...(page && open ? { onClick: () => void open(page).catch(() => undefined) } : {}),
    });
  }

  #ready(version: string): void {
    // A download only happens where installing is allowed; anywhere else it is not offered.
    if (this.#plan.kind !== 'install' || this.#readyVersion === version) return;
    this.#readyVersion = version;
    this.#options.log.info(`update ${version} downloaded: installs when Linkdock quits`);
    if (this.#options.enabled()) this.#readyNotice(version);
  }

  #readyNotice(version: string): void {
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
