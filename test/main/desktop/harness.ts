// The desktop shell composed as src-main/index.ts composes it, with the real main-process services
// and the real sandbox, and fakes in place of Electron's objects.
import { createCallHandlers } from '../../../src-main/call-handlers.ts';
import { startDesktopShell, type DesktopShell, type DesktopShellDeps } from '../../../src-main/desktop/desktop-shell.ts';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';
import type { Rect } from '../../../src-main/desktop/window-state.ts';
import { createCallRouter, type CallHandlers, type CallRouter } from '../../../src-main/ipc/call-router.ts';
import type { MainServices } from '../../../src-main/main-services.ts';
import { startSandbox } from '../../../src-main/sandbox/index.ts';
import { testMainServices } from '../../support/main-services.ts';
import { FakeApp, FakeClipboard, FakeShortcuts, FakeTray, FakeWindow, recordNotices } from './fakes.ts';

export interface DesktopOptions {
  dir: string;
  platform?: NodeJS.Platform;
  lock?: boolean;
  displays?: { workArea: Rect }[];
  /** Runs before the shell starts: add workspaces, change settings files. */
  seed?: (services: MainServices) => Promise<void>;
  startSandbox?: DesktopShellDeps['startSandbox'];
  shortcuts?: FakeShortcuts;
  newAlias?: () => string;
  /** In place of the fake tray (e.g. one that throws, as on a desktop without a tray). */
  createTray?: DesktopShellDeps['createTray'];
  /** electron-updater's stand-in; absent: a build that cannot update itself. */
  updater?: DesktopShellDeps['updater'];
  /** Open at login's host (argv, env, home, program, Electron's login items); absent: not available. */
  login?: DesktopShellDeps['login'];
  /** Electron's nativeTheme stand-in: the shell sets its themeSource. */
  nativeTheme?: DesktopShellDeps['nativeTheme'];
  showAboutPanel?: () => void;
  dev?: boolean;
  /** Gets 'window' each time the main window is made (to order it against other fakes' records). */
  record?: string[];
}

export interface Desktop {
  app: FakeApp;
  shell: DesktopShell;
  services: MainServices;
  /** The contract router with the desktop calls merged in, as main-services will build it. */
  router: CallRouter;
  windows: FakeWindow[];
  /** The Shorten windows made (tray → Shorten Clipboard…). */
  shortenWindows: FakeWindow[];
  tray: () => FakeTray;
  trays: FakeTray[];
  clipboard: FakeClipboard;
  notices: ReturnType<typeof recordNotices>['notices'];
  shortcuts: FakeShortcuts;
  appMenu: () => MenuEntry[];
  /** How often the shell asked to open the logs folder. */
  logsFolderOpened: () => number;
  opened: string[];
  call(name: string, input: unknown): Promise<unknown>;
}

export const FULL_HD = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];

export async function makeDesktop(options: DesktopOptions): Promise<Desktop | { app: FakeApp; shell: null }> {
  const app = new FakeApp(options.lock ?? true);
  const windows: FakeWindow[] = [];
  const shortenWindows: FakeWindow[] = [];
  const trays: FakeTray[] = [];
  const clipboard = new FakeClipboard();
  const { notices, notify } = recordNotices();
  const shortcuts = options.shortcuts ?? new FakeShortcuts();
  const opened: string[] = [];
  let appMenu: MenuEntry[] = [];
  let logsFolderOpened = 0;
  const shell = startDesktopShell({
    platform: options.platform ?? 'linux',
    userDataDir: options.dir,
    app,
    createWindow: (windowOptions) => {
      options.record?.push('window');
      const window = new FakeWindow(windowOptions);
      windows.push(window);
      return window;
    },
    createShortenWindow: () => {
      const window = new FakeWindow({ bounds: { width: 480, height: 400 } });
      shortenWindows.push(window);
      return window;
    },
    displays: () => options.displays ?? FULL_HD,
    clipboard,
    notify,
    createTray: () => {
      if (options.createTray) return options.createTray();
      const tray = new FakeTray();
      trays.push(tray);
      return tray;
    },
    setAppMenu: (menu) => {
      appMenu = menu;
    },
    shortcuts,
    openExternal: async (url) => {
      opened.push(url);
    },
    startSandbox: options.startSandbox ?? startSandbox,
    logError: () => undefined,
    openLogsFolder: async () => {
      logsFolderOpened += 1;
    },
    saveDelayMs: 5,
    ...(options.newAlias ? { newAlias: options.newAlias } : {}),
    ...(options.updater ? { updater: options.updater } : {}),
    ...(options.login ? { login: options.login } : {}),
    ...(options.nativeTheme ? { nativeTheme: options.nativeTheme } : {}),
    ...(options.showAboutPanel ? { showAboutPanel: options.showAboutPanel } : {}),
    ...(options.dev !== undefined ? { dev: options.dev } : {}),
    version: '0.1.0-test',
  });
  if (!shell) return { app, shell: null };
  const services = await testMainServices(options.dir, {
    writeClipboard: async (text) => clipboard.writeText(text),
    emit: shell.emit,
    pendingCounts: shell.pendingCounts,
    versions: { app: '0.1.0-test', electron: '45.0.0', chrome: '142.0.0.0', node: process.versions.node },
  });
  const base = createCallHandlers({
    workspaces: services.workspaces,
    vault: services.vault,
    openExternal: async () => undefined,
    writeClipboard: async () => undefined,
  });
  const router = createCallRouter({ handlers: { ...base, ...shell.handlers } as CallHandlers });
  await options.seed?.(services);
  await shell.start(services);
  return {
    app,
    shell,
    services,
    router,
    windows,
    shortenWindows,
    trays,
    tray: () => {
      const tray = trays.at(-1);
      if (!tray) throw new Error('no tray');
      return tray;
    },
    clipboard,
    notices,
    shortcuts,
    appMenu: () => appMenu,
    logsFolderOpened: () => logsFolderOpened,
    opened,
    call: async (name, input) => {
      const result = await router.handle(name, input, true);
      if (!result.ok) throw Object.assign(new Error(result.error.message), { data: result.error });
      return result.value;
    },
  };
}

export async function makeRunningDesktop(options: DesktopOptions): Promise<Desktop> {
  const desktop = await makeDesktop(options);
  if (!desktop.shell) throw new Error('the single-instance lock was refused');
  return desktop as Desktop;
}

export const addWorkspace = (services: MainServices, name: string, baseUrl: string) =>
  services.workspaces.add({ name, baseUrl, apiKey: `key-${name.toLowerCase()}` });
