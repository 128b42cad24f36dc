// The desktop shell's view of Electron (app, window, tray, global shortcut) and of main's services:
// src-main/index.ts hands in the real objects, tests hand in fakes, so the shell runs in plain Node.
import type { EventName, EventPayload, ThemeChoiceName } from '../../src-preload/contract/index.ts';
import type { RunningSandbox, SandboxOptions } from '../sandbox/index.ts';
import type { DesktopCallHandlers } from './desktop-calls.ts';
import type { EmbeddedSandbox, SandboxWorkspaces } from './embedded-sandbox.ts';
import type { LoginItemHost } from './login-item.ts';
import type { MenuEntry } from './menu-entry.ts';
import type { Notify } from './notice.ts';
import type { WatchedContents } from './renderer-watchdog.ts';
import type { UpdaterPort } from './update-checks.ts';
import type { ShortenOutcome } from './shorten-from-clipboard.ts';
import type { ShortenWindowPort } from './shorten-window.ts';
import type { Rect } from './window-state.ts';
export interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of Electron's `app` the shell uses. */
export interface AppPort {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  // One signature per event, so Electron's overloaded `app.on` fits this interface as it is.
  on(event: 'second-instance', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'activate', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'will-quit', listener: (event: PreventableEvent) => void): unknown;
}

/** The parts of a BrowserWindow the shell uses. */
export interface WindowPort {
  /** Also what the renderer watchdog needs (crash, hang, reload). */
  readonly webContents: WatchedContents & {
    readonly id: number;
    send(channel: string, payload: unknown): void;
    isDestroyed(): boolean;
    on(event: 'did-finish-load', listener: () => void): unknown;
  };
  on(event: 'close', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  on(event: 'resize', listener: () => void): unknown;
  on(event: 'move', listener: () => void): unknown;
  on(event: 'maximize', listener: () => void): unknown;
  on(event: 'unmaximize', listener: () => void): unknown;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isMaximized(): boolean;
  restore(): void;
  maximize(): void;
  show(): void;
  hide(): void;
  focus(): void;
  getNormalBounds(): Rect;
}

export interface TrayPort {
  setMenu(menu: MenuEntry[]): void;
  setToolTip(text: string): void;
  onClick(listener: () => void): void;
  destroy(): void;
}

export interface ShortcutPort {
  /** False when another application holds the accelerator. */
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

/** What the shell needs of the main-process services (createMainServices). */
export interface ShellServices {
  workspaces: SandboxWorkspaces;
  store: { readonly currentId: string | null; setCurrent(id: string | null): Promise<void> };
  vault: { getKey(workspaceId: string): Promise<string | null> };
  /** Help → Copy Diagnostics: the text main builds (main-services' diagnostics()). */
  diagnostics(): Promise<string>;
}

export interface DesktopShellDeps {
  platform: NodeJS.Platform;
  userDataDir: string;
  /** Development build: the app menu keeps reload and the developer tools. */
  dev?: boolean;
  app: AppPort;
  /** `hidden`: made but not shown (a start at login); show() brings it up. */
  createWindow(options: { bounds: Partial<Rect> & { width: number; height: number }; hidden?: boolean }): WindowPort;
  /** The small Shorten window (src-main/electron/window.ts createShortenWindow). */
  createShortenWindow(): ShortenWindowPort;
  /** Work areas of the connected displays (Electron's screen.getAllDisplays()). */
  displays(): { workArea: Rect }[];
  /** Electron 45's clipboard is asynchronous. */
  clipboard: { readText(): string | Promise<string>; writeText(text: string): void | Promise<void> };
  notify: Notify;
  createTray(): TrayPort;
  setAppMenu(menu: MenuEntry[]): void;
  shortcuts: ShortcutPort;
  openExternal(url: string): Promise<void>;
  startSandbox(options: SandboxOptions): Promise<RunningSandbox>;
  logError(message: string): void;
  /** Recoveries worth a line (a reloaded renderer); default: logError. */
  logWarn?(message: string): void;
  /** Decisions worth a line (updates turned off); default: nowhere. */
  logInfo?(message: string): void;
  /** electron-updater's autoUpdater (src-main/electron/updater.ts); absent: this build cannot update itself. */
  updater?: UpdaterPort;
  /** Whether the system has a network (Electron's net.isOnline()); an update check waits for one. */
  isOnline?(): boolean;
  /** The app's version (Check for Updates… says it when it is the newest). */
  version?: string;
  /** Open at login: this copy's program, arguments and Electron's login item calls; absent: not available. */
  login?: LoginItemHost;
  /** Electron's nativeTheme: its themeSource follows the window's theme choice (menus, dialogs, title bar). */
  nativeTheme?: { themeSource: ThemeChoiceName };
  /** Help → About Linkdock on Windows and Linux (Electron's app.showAboutPanel). */
  showAboutPanel?(): void;
  /** Help → Open Logs Folder (the Electron adapter: shell.openPath of electron-log's folder). */
  openLogsFolder(): Promise<void>;
  /** Tests pass ':memory:' or a temp file; the app uses sandbox.sqlite in the user data folder. */
  sandboxDataFile?: string;
  newAlias?: () => string;
  /** How long window moves settle before the bounds are written. */
  saveDelayMs?: number;
}

export interface DesktopShell {
  /** Answers the desktop calls; merge into the contract's handlers (they wait for start()). */
  handlers: DesktopCallHandlers;
  /** Main → renderer events, to every window; also keeps the tray's workspace list current. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** webContents ids of the app's windows, for the IPC sender check. */
  windowIds(): number[];
  /** The Shorten window's webContents id while it is open: it may make SHORTEN_WINDOW_CALLS only. */
  shortenWindowIds(): number[];
  /** After app ready and the services exist: tray, menu, shortcut, sandbox, then the window. */
  start(services: ShellServices): Promise<void>;
  /** Stops the sandbox, tray and shortcut (the shell calls it on quit; tests call it directly). */
  stop(): Promise<void>;
  shortenFromClipboard(): Promise<ShortenOutcome>;
  openApp(): void;
  /** What the window last reported pending for a workspace (the tray cache), for the diagnostics; null before it did. */
  pendingCounts(workspaceId: string): { pending: number; problems: number; online: boolean } | null;
  readonly sandbox: EmbeddedSandbox | null;
}
