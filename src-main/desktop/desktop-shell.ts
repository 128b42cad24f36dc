// The desktop shell: single instance, the window (hide to tray, remembered bounds), tray, app menu,
// global shortcut, notifications and the embedded sandbox. Electron's objects come in through the
// small ports below (src-main/index.ts hands in the real ones, tests hand in fakes), so everything
// here runs in plain Node.
import {
  CallError,
  eventChannel,
  type EventName,
  type EventPayload,
  type DesktopSettings,
  type ShortenRequest,
  type ThemeChoiceName,
} from '../../src-preload/contract/index.ts';
import { buildAppMenu } from './app-menu.ts';
import { reportDamagedFiles } from './damaged-files.ts';
import { GlobalShortcut } from './global-shortcut.ts';
import { MainWindow } from './main-window.ts';
import { helpMenuActions } from './help-menu.ts';
import { LoginItem } from './login-item.ts';
import { createShellCalls } from './shell-calls.ts';
import { UpdateChecks } from './update-checks.ts';
import { restoreEmbeddedSandbox, startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox.ts';
import { SettingsStore } from './settings.ts';
import { shortenFromClipboard, type ShortenOutcome } from './shorten-from-clipboard.ts';
import { ShortenQueue } from './shorten-queue.ts';
import { ShortenWindow, shortenWindowCalls } from './shorten-window.ts';
import { TrayCacheStore } from './tray-cache.ts';
import { buildTrayMenu, copyTrayLink, trayToolTip, type TrayView } from './tray-menu.ts';
import { WindowStateStore } from './window-state.ts';
import type { DesktopShell, DesktopShellDeps, ShellServices, TrayPort, WindowPort } from './shell-ports.ts';
export type { AppPort, DesktopShell, DesktopShellDeps, PreventableEvent, ShellServices, ShortcutPort, TrayPort, WindowPort } from './shell-ports.ts';
export { APP_WEBSITE } from './help-menu.ts';

/**
 * Claims the single-instance lock and wires the app's lifecycle. Null when another instance runs:
 * it was told (Electron's 'second-instance') and focuses its window; this one should quit.
 */
export function startDesktopShell(deps: DesktopShellDeps): DesktopShell | null {
  if (!deps.app.requestSingleInstanceLock()) {
    deps.app.quit();
    return null;
  }
  const settings = new SettingsStore({ dir: deps.userDataDir, platform: deps.platform });
  const trayCache = new TrayCacheStore({ dir: deps.userDataDir });
  const queue = new ShortenQueue({ dir: deps.userDataDir });
  const windowState = new WindowStateStore({ dir: deps.userDataDir });
  const log = { info: deps.logInfo ?? (() => undefined), warn: deps.logWarn ?? deps.logError };
  const updates = new UpdateChecks({ ...deps, dev: deps.dev ?? false, enabled: () => settings.autoUpdate, log });
  const loginItem = new LoginItem({ platform: deps.platform, dev: deps.dev ?? false, host: deps.login, settings, log });
  /** Electron draws menus, dialogs and the title bar in the theme the window picked. */
  const applyTheme = (theme: ThemeChoiceName): void => {
    if (deps.nativeTheme) deps.nativeTheme.themeSource = theme;
  };

  let services: ShellServices | null = null;
  let workspaceList: { id: string; name: string; baseUrl: string }[] = [];
  let tray: TrayPort | null = null;
  let sandbox: EmbeddedSandbox | null = null;
  let shortcutProblem: string | null = null;
  const shortcut = new GlobalShortcut(deps.shortcuts, () => runShorten());
  let quitting = false;
  let started = false;
  /** Set once the stores are read: before that, a workspace change must not rewrite the tray cache. */
  let loaded = false;
  let stopped: Promise<void> | null = null;
  const { promise: ready, resolve: resolveReady, reject: rejectReady } = Promise.withResolvers<void>();
  ready.catch(() => undefined); // reported where it is awaited

  /** Background writes, awaited on stop so nothing is cut off by the exit. */
  const background = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>, what: string): void => {
    const settled = work.catch((error: unknown) => deps.logError(`${what}: ${String(error)}`));
    background.add(settled);
    void settled.finally(() => background.delete(settled));
  };

  // ---- events to the renderer ----
  const liveWindow = (): WindowPort | null => mainWindow.live();
  const sendTo = <E extends EventName>(target: WindowPort, event: E, payload: EventPayload<E>): void => {
    if (!target.isDestroyed() && !target.webContents.isDestroyed()) target.webContents.send(eventChannel(event), payload);
  };
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    if (event === 'workspaces.changed' && loaded) {
      workspaceList = (payload as EventPayload<'workspaces.changed'>).map(({ id, name, baseUrl }) => ({ id, name, baseUrl }));
      track(trayCache.retain(workspaceList.map((w) => w.id)), 'tray cache');
      refreshTray();
    }
    const target = liveWindow();
    if (target) sendTo(target, event, payload);
  };

  // ---- current workspace ----
  const currentWorkspace = (): { id: string; name: string; baseUrl: string } | null => {
    const stored = services?.store.currentId ?? null;
    return workspaceList.find((w) => w.id === stored) ?? workspaceList[0] ?? null;
  };
  const setCurrent = async (workspaceId: string, tellRenderer: boolean): Promise<void> => {
    if (!services) return;
    if (!workspaceList.some((w) => w.id === workspaceId)) {
      throw new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
    }
    const changed = currentWorkspace()?.id !== workspaceId;
    await services.store.setCurrent(workspaceId);
    refreshTray();
    if (changed && tellRenderer) emit('workspaces.currentChanged', { workspaceId });
  };

  // ---- windows ----
  const mainWindow = new MainWindow({
    ...deps,
    windowState,
    // On macOS the dock brings a hidden window back (the platform's way); elsewhere only a tray icon can, so without one closing quits.
    hidesOnClose: () => deps.platform === 'darwin' || (settings.closeToTray && tray !== null),
    quitting: () => quitting,
    // A renderer that (re)loads gets every request its outbox has not acknowledged yet.
    onPageLoad: (created) => {
      for (const request of queue.pending()) sendTo(created, 'links.shortenRequested', request);
      if (pendingNavigation) sendTo(created, 'app.navigate', pendingNavigation);
      pendingNavigation = null;
    },
    track,
  });
  const openApp = (): void => {
    // A second launch or dock click before start() has nothing to show yet; start() opens the window.
    if (started) mainWindow.show();
  };
  /** Where a window that is still being made should go once its page has loaded. */
  let pendingNavigation: EventPayload<'app.navigate'> | null = null;
  const navigate = (view: EventPayload<'app.navigate'>['view'], workspaceId?: string): void => {
    const payload = { view, ...(workspaceId ? { workspaceId } : {}) };
    if (liveWindow()) {
      openApp();
      emit('app.navigate', payload);
    } else {
      pendingNavigation = payload;
      openApp();
    }
  };

  // ---- actions shared by tray, menu and shortcut ----
  /** What the one-step shorten and the Shorten window share: the clipboard, the queue and the way to the window's outbox. */
  const shortenBase = {
    readClipboard: () => deps.clipboard.readText(),
    writeClipboard: (text: string) => deps.clipboard.writeText(text),
    notify: deps.notify,
    currentWorkspace,
    queue,
    deliver: (request: ShortenRequest) => emit('links.shortenRequested', request),
    openApp,
    ...(deps.newAlias ? { newAlias: deps.newAlias } : {}),
  };
  const shorten = async (): Promise<ShortenOutcome> => {
    await ready;
    return shortenFromClipboard(shortenBase);
  };
  const runShorten = (): void => {
    track(shorten(), 'shorten from clipboard');
  };
  // "Shorten Clipboard…": its own small window; what it sends is queued like the one-step shorten.
  const shortenWindow = new ShortenWindow({
    ...shortenBase,
    createWindow: () => deps.createShortenWindow(),
    workspaces: () => workspaceList,
    domainsOf: (workspaceId) => trayCache.get(workspaceId)?.domains ?? [],
  });
  const openShortenWindow = (): void =>
    track(
      ready.then(() => shortenWindow.open()),
      'shorten window',
    );
  const syncNow = (workspaceId: string): void => {
    if (!liveWindow()) openApp(); // the sync engine runs in the renderer: it syncs on load
    emit('sync.requested', { workspaceId });
  };

  // ---- tray and menu ----
  const trayView = (): TrayView => ({
    workspaces: workspaceList.map(({ id, name }) => ({ id, name })),
    currentId: currentWorkspace()?.id ?? null,
    caches: Object.fromEntries(workspaceList.map(({ id }) => [id, trayCache.get(id) ?? undefined])),
    shortcut: shortcut.active,
  });
  function refreshTray(): void {
    if (!tray) return;
    const view = trayView();
    tray.setMenu(
      buildTrayMenu(view, {
        copyLink: (link) => track(copyTrayLink(link, deps), 'copy link'),
        shortenFromClipboard: runShorten,
        shortenWithOptions: openShortenWindow,
        openApp,
        openPending: (workspaceId) => navigate('pending', workspaceId),
        syncNow,
        switchWorkspace: (workspaceId) => {
          track(setCurrent(workspaceId, true), 'switch workspace');
        },
        quit: () => deps.app.quit(),
      }),
    );
    tray.setToolTip(trayToolTip(view));
  }
  const refreshAppMenu = (): void => {
    deps.setAppMenu(
      buildAppMenu(
        { platform: deps.platform, dev: deps.dev ?? false, shortcut: shortcut.active, updates: updates.menuState },
        {
          newLink: () => navigate('new-link', currentWorkspace()?.id),
          shortenFromClipboard: runShorten,
          syncNow: () => {
            const current = currentWorkspace();
            if (current) syncNow(current.id);
          },
          showPending: () => navigate('pending', currentWorkspace()?.id),
          showSettings: () => navigate('settings'),
          ...helpMenuActions({
            ...deps,
            ready,
            track,
            updates,
            diagnostics: () => services?.diagnostics() ?? null,
            writeClipboard: (t) => deps.clipboard.writeText(t),
          }),
        },
      ),
    );
  };

  // ---- global shortcut ----
  const applyShortcut = (accelerator: string | null): string | null => shortcut.apply(accelerator);
  const settingsView = (): DesktopSettings => ({
    closeToTray: settings.closeToTray,
    shortcut: settings.shortcut,
    shortcutActive: shortcut.active !== null,
    shortcutProblem,
    autoUpdate: settings.autoUpdate,
    updateNote: updates.note,
    ...loginItem.view(),
  });

  // ---- the embedded sandbox ----
  const sandboxDeps = (given: ShellServices, restore: boolean) => ({
    userDataDir: deps.userDataDir,
    workspaces: given.workspaces,
    getKey: (id: string) => given.vault.getKey(id),
    startSandbox: deps.startSandbox,
    alreadyCreated: settings.sandboxCreated,
    restore,
    markCreated: () => settings.update({ sandboxCreated: true }),
    ...(deps.sandboxDataFile ? { dataFile: deps.sandboxDataFile } : {}),
  });
  /** The user asked for the Sandbox workspace back (they removed it): opened, with a new demo account if need be. */
  const restoreSandbox = async (): Promise<{ workspaceId: string }> => {
    await ready;
    if (!services) throw new CallError({ kind: 'invalid-input', message: 'Linkdock is still starting.' });
    sandbox = await restoreEmbeddedSandbox(sandbox, sandboxDeps(services, true));
    workspaceList = (await services.workspaces.list()).map(({ id, name, baseUrl }) => ({ id, name, baseUrl }));
    await setCurrent(sandbox.workspaceId, true);
    refreshTray();
    return { workspaceId: sandbox.workspaceId };
  };

  // ---- the contract calls ----
  const shellCalls = createShellCalls({
    restoreSandbox,
    ready,
    workspaces: () => workspaceList,
    currentWorkspace,
    setCurrent,
    trayCache,
    queue,
    settings,
    notify: deps.notify,
    navigate,
    settingsView,
    applyShortcut: (accelerator) => {
      const problem = applyShortcut(accelerator);
      if (!problem) shortcutProblem = null;
      return problem;
    },
    refreshTray,
    refreshAppMenu,
    updates,
    loginItem,
    setTheme: async (theme) => {
      applyTheme(theme);
      if (theme !== settings.theme) await settings.update({ theme });
    },
  });
  const handlers = { ...shellCalls, ...shortenWindowCalls(shortenWindow, ready) };

  // ---- lifecycle ----
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      mainWindow.flushSave();
      updates.stop();
      shortcut.release();
      tray?.destroy();
      tray = null;
      const running = sandbox?.running;
      if (running) await running.close().catch((error: unknown) => deps.logError(`sandbox stop: ${String(error)}`));
      await Promise.all(background);
    })());

  deps.app.on('second-instance', () => openApp());
  deps.app.on('activate', () => openApp());
  deps.app.on('window-all-closed', () => {
    // macOS keeps the app in the dock; elsewhere a closed window (close-to-tray off) ends the app.
    if (deps.platform !== 'darwin') deps.app.quit();
  });
  deps.app.on('before-quit', () => {
    quitting = true;
  });
  deps.app.on('will-quit', (event) => {
    if (stopped) return;
    // Hold the exit until the sandbox has closed its database.
    event.preventDefault();
    void stop().finally(() => deps.app.quit());
  });

  const start = async (given: ShellServices): Promise<void> => {
    try {
      services = given;
      await Promise.all([settings.load(), trayCache.load(), queue.load()]);
      reportDamagedFiles({ settings, queue, trayCache }, { logWarn: deps.logWarn ?? deps.logError, notify: deps.notify });
      await loginItem.reconcile().catch((error: unknown) => deps.logError(`open at login: ${String(error)}`));
      workspaceList = (await given.workspaces.list()).map(({ id, name, baseUrl }) => ({ id, name, baseUrl }));
      loaded = true;
      try {
        tray = deps.createTray();
        // macOS opens the tray menu on click; elsewhere a click on the icon brings up the window.
        if (deps.platform !== 'darwin') tray.onClick(() => openApp());
      } catch (error) {
        tray = null;
        deps.logError(`tray: ${error instanceof Error ? error.message : String(error)}`);
      }
      // After the tray: its icon reads the system's own theme before the app's choice overrides it.
      applyTheme(settings.theme);
      const problem = applyShortcut(settings.shortcut);
      shortcutProblem = problem;
      refreshTray();
      refreshAppMenu();
      started = true;
      updates.start();
      resolveReady();
      if (problem) {
        deps.notify({ title: 'Shortcut not available', body: `${problem} Linkdock's settings let you pick another.`, onClick: () => navigate('settings') });
      }
    } catch (error) {
      rejectReady(error);
      throw error;
    }
    try {
      sandbox = await startEmbeddedSandbox(sandboxDeps(given, false));
      if (quitting) await stop();
    } catch (error) {
      deps.logError(`sandbox: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      deps.notify({
        title: 'The sandbox did not start',
        body: `The demo workspace is unavailable this time: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    // The window last, so a first run opens on the sandbox workspace.
    workspaceList = (await given.workspaces.list()).map(({ id, name, baseUrl }) => ({ id, name, baseUrl }));
    refreshTray();
    // Started at login: the page runs (sync, the shorten queue) but the window stays in the tray (or the dock) until asked for.
    if (loginItem.startedAtLogin && (deps.platform === 'darwin' || tray)) mainWindow.openHidden();
    else openApp();
    await mainWindow.opening;
  };

  return {
    handlers,
    emit,
    windowIds: () => {
      const live = liveWindow();
      return live ? [live.webContents.id] : [];
    },
    shortenWindowIds: () => shortenWindow.ids(),
    start,
    stop,
    shortenFromClipboard: shorten,
    openApp,
    pendingCounts: (workspaceId) => trayCache.get(workspaceId)?.status ?? null,
    get sandbox() {
      return sandbox;
    },
  };
}
