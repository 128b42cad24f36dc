// Open at login (Settings → Desktop, off by default; issue #40): background sync and the clipboard
// shortcut work only while Linkdock runs, so it can start when the user logs in, hidden in the tray.
// macOS and Windows through Electron's login item settings (Windows with `--hidden`; macOS says
// `wasOpenedAtLogin`), Linux and other XDG desktops through an autostart entry (autostart-entry.ts).
// The system's own settings can turn it off behind the app's back (Login Items, Task Manager, a
// desktop's Startup Applications): at start the stored choice follows what the system says.
import { CallError } from '../../src-preload/contract/index.ts';
import { autostartDir, AutostartFile, execLine } from './autostart-entry.ts';

/** The argument a start at login carries (Windows' Run entry, Linux's autostart Exec line). */
export const HIDDEN_ARG = '--hidden';

/** Electron's `app` login item calls (macOS, Windows); Electron's `app` fits as it is. */
export interface LoginItemSystem {
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args?: string[] }): void;
  getLoginItemSettings(options?: { path?: string; args?: string[] }): {
    openAtLogin: boolean;
    wasOpenedAtLogin?: boolean;
    status?: string;
    executableWillLaunchAtLogin?: boolean;
  };
}

/** Where and how this copy of Linkdock runs (index.ts: process and app; tests: a temp folder). */
export interface LoginItemHost {
  /** process.argv: `--hidden` marks a start at login. */
  argv: readonly string[];
  /** XDG_CONFIG_HOME (where the autostart folder is), APPIMAGE (the AppImage's own path: the running binary sits in a temporary mount). */
  env: Record<string, string | undefined>;
  homeDir: string;
  execPath: string;
  /** Electron's app, on macOS and Windows. */
  system?: LoginItemSystem;
}

export interface LoginItemOptions {
  platform: NodeJS.Platform;
  /** Development builds never add themselves: the entry would start a bare Electron. */
  dev: boolean;
  /** Absent: a build that cannot open at login (tests that do not need it). */
  host?: LoginItemHost | undefined;
  /** The stored choice (desktop-settings.json). */
  settings: { readonly openAtLogin: boolean; update(change: { openAtLogin: boolean }): Promise<void> };
  log: { info(message: string): void };
}

export const REQUIRES_APPROVAL_NOTE = 'macOS asks you to allow Linkdock in System Settings → General → Login Items.';

export class LoginItem {
  readonly #options: LoginItemOptions;
  readonly #autostart: AutostartFile | null;
  #note: string | null = null;

  constructor(options: LoginItemOptions) {
    this.#options = options;
    const { host, platform } = options;
    this.#autostart = host && platform !== 'darwin' && platform !== 'win32' ? new AutostartFile(autostartDir(host.env, host.homeDir)) : null;
  }

  /** Why it cannot be set here, or null. */
  get problem(): string | null {
    const { dev, host, platform } = this.#options;
    if (dev) return 'Open at login works in the installed app, not in a development build.';
    if (!host || ((platform === 'darwin' || platform === 'win32') && !host.system)) return 'This build cannot open at login.';
    return null;
  }

  /** What Settings shows. */
  view(): { openAtLogin: boolean; openAtLoginAvailable: boolean; openAtLoginNote: string | null } {
    const problem = this.problem;
    return { openAtLogin: this.#options.settings.openAtLogin, openAtLoginAvailable: problem === null, openAtLoginNote: problem ?? this.#note };
  }

  /** This run was started by the system at login: the window stays hidden. */
  get startedAtLogin(): boolean {
    const { host, platform } = this.#options;
    if (!host) return false;
    if (host.argv.includes(HIDDEN_ARG)) return true;
    return platform === 'darwin' && host.system?.getLoginItemSettings().wasOpenedAtLogin === true;
  }

  /** Settings switched it: the system's entry first, then the stored choice, as the system now says. */
  async set(on: boolean): Promise<void> {
    const problem = this.problem;
    if (problem) throw new CallError({ kind: 'invalid-input', field: 'openAtLogin', message: problem });
    try {
      await this.#apply(on);
    } catch (error) {
      const what = on ? 'add itself to the programs started at login' : 'remove itself from the programs started at login';
      throw new CallError({ kind: 'internal', message: `Linkdock could not ${what}: ${error instanceof Error ? error.message : String(error)}` });
    }
    await this.#record((await this.#read()).on);
  }

  /** At start: the stored choice follows the system's; an entry that is on is pointed at this program (an AppImage moved, an update). */
  async reconcile(): Promise<void> {
    if (this.problem) return;
    const state = await this.#read();
    if (state.on !== this.#options.settings.openAtLogin) {
      this.#options.log.info(`open at login: turned ${state.on ? 'on' : 'off'} in the system's settings; Settings follows`);
      await this.#record(state.on);
    }
    if (state.on) await this.#refresh();
  }

  async #record(on: boolean): Promise<void> {
    if (on !== this.#options.settings.openAtLogin) await this.#options.settings.update({ openAtLogin: on });
  }

  /** The program the system should start: the AppImage file itself when running from one. */
  #program(host: LoginItemHost): string {
    return host.env['APPIMAGE'] || host.execPath;
  }

  async #apply(on: boolean): Promise<void> {
    const host = this.#options.host!;
    if (this.#options.platform === 'darwin') host.system!.setLoginItemSettings({ openAtLogin: on });
    else if (this.#options.platform === 'win32') host.system!.setLoginItemSettings({ openAtLogin: on, path: host.execPath, args: [HIDDEN_ARG] });
    else if (on) await this.#autostart!.write(this.#program(host), [HIDDEN_ARG]);
    else await this.#autostart!.remove();
  }

  async #read(): Promise<{ on: boolean }> {
    const host = this.#options.host!;
    this.#note = null;
    if (this.#options.platform === 'darwin') {
      const state = host.system!.getLoginItemSettings();
      // macOS 13 and later register the app at once but start it only once the user allows it.
      if (state.status === 'requires-approval') this.#note = REQUIRES_APPROVAL_NOTE;
      return { on: state.openAtLogin || state.status === 'enabled' || state.status === 'requires-approval' };
    }
    if (this.#options.platform === 'win32') {
      const state = host.system!.getLoginItemSettings({ path: host.execPath, args: [HIDDEN_ARG] });
      // Task Manager's Startup tab turns the Run entry off without removing it.
      return { on: state.openAtLogin && state.executableWillLaunchAtLogin !== false };
    }
    return { on: (await this.#autostart!.state()).kind === 'enabled' };
  }

  async #refresh(): Promise<void> {
    // macOS and Windows keep the app's own path: only Linux's entry names a file that can move.
    if (!this.#autostart) return;
    const host = this.#options.host!;
    const state = await this.#autostart!.state();
    if (state.kind === 'enabled' && state.exec !== execLine(this.#program(host), [HIDDEN_ARG])) {
      this.#options.log.info('open at login: the autostart entry now starts this copy of Linkdock');
      await this.#autostart!.write(this.#program(host), [HIDDEN_ARG]);
    }
  }
}
