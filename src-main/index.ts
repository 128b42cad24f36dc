// Composition root: the only place Electron's objects meet the main-process services.
import path from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeTheme,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import electronLog from 'electron-log/main';
import electronUpdaterModule from 'electron-updater';
import { applyAppIdentity } from './desktop/app-identity.ts';
import { startDesktopShell, type DesktopShell } from './desktop/desktop-shell.ts';
import { rendererDir, rendererUrl as rendererUrlOf } from './desktop/renderer-url.ts';
import { installAppMenu } from './electron/app-menu.ts';
import { registerAppScheme, serveAppScheme } from './electron/app-protocol.ts';
import { contextMenuOnEveryWebContents } from './electron/context-menu.ts';
import { startLocalCrashReports } from './electron/crash-reports.ts';
import { electronShortcuts } from './electron/global-shortcut.ts';
import { registerContractIpc } from './electron/ipc.ts';
import { electronLogFile, openLogsFolder } from './electron/log-file.ts';
import { electronNotifier } from './electron/notifications.ts';
import { sessionProxyResolver } from './electron/proxy-resolver.ts';
import { safeStorageCipher } from './electron/safe-storage-cipher.ts';
import { secureSession } from './electron/session.ts';
import { createElectronTray } from './electron/tray.ts';
import { electronUpdater } from './electron/updater.ts';
import { createMainWindow, createShortenWindow, guardEveryWebContents } from './electron/window.ts';
import { createAppLog } from './logging/app-log.ts';
import { logProcessErrors } from './logging/process-errors.ts';
import { createMainServices } from './main-services.ts';
import { startSandbox } from './sandbox/index.ts';
import { NetworkRouter } from './service/network-route.ts';
import { guardedOpenExternal } from './security/external-url.ts';

const outDir = path.join(import.meta.dirname, '..');
const rendererUrl = rendererUrlOf({ isPackaged: app.isPackaged, env: process.env });
// The page comes from app://linkdock/ (the renderer folder only), not file://; the scheme must be declared before 'ready'.
registerAppScheme(protocol);
const openExternal = guardedOpenExternal((url) => shell.openExternal(url));
const preloadPath = path.join(import.meta.dirname, '../preload/index.cjs');
// Packaged: electron-builder's extraResources sit in process.resourcesPath; in development, the repository's resources/.
const resourcesDir = app.isPackaged ? process.resourcesPath : path.join(import.meta.dirname, '../../resources');
// Every page the app ever shows is held to the main window's navigation and new-window rules.
guardEveryWebContents(app, { rendererUrl, openExternal });
// Right-click: spelling, Cut/Copy/Paste/Select All, Copy Link Address (Electron has no menu of its own).
contextMenuOnEveryWebContents(app, { Menu, clipboard });
// Windows' AppUserModelID (notifications carry the app's name and icon) and the About panel, before any notification.
applyAppIdentity(app, { platform: process.platform, version: app.getVersion(), iconsDir: path.join(resourcesDir, 'icons') });
// A separate profile (tests, a second portable profile): set before anything reads the path.
if (process.env['LINKDOCK_USER_DATA']) app.setPath('userData', path.resolve(process.env['LINKDOCK_USER_DATA']));
// Crashes of main and every renderer become local minidumps (never uploaded); the diagnostics name the folder.
const crashDumpsDir = startLocalCrashReports(crashReporter, app);
// The log file (electron-log's usual place per system; main-services adds the vault's keys to its redaction).
const logFile = electronLogFile(electronLog, { dev: !app.isPackaged });
const log = createAppLog({ logger: logFile.logger });
const logError = (message: string): void => log.error(message);
logProcessErrors(process, log);
const versions = { app: app.getVersion(), electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node };
log.info(
  `Linkdock ${versions.app} starting: Electron ${versions.electron}, Chrome ${versions.chrome}, Node ${versions.node}, ${process.platform} ${process.arch}`,
);

const desktop = startDesktopShell({
  platform: process.platform,
  userDataDir: app.getPath('userData'),
  dev: !app.isPackaged,
  app,
  createWindow: ({ bounds, hidden }) => createMainWindow({ BrowserWindow, preloadPath, rendererUrl, openExternal, bounds, ...(hidden ? { hidden } : {}) }),
  createShortenWindow: () => createShortenWindow({ BrowserWindow, preloadPath, rendererUrl, openExternal }),
  displays: () => screen.getAllDisplays(),
  clipboard,
  notify: electronNotifier({ Notification, logError }),
  createTray: () => createElectronTray({ Tray, Menu, nativeTheme, iconDir: path.join(resourcesDir, 'tray'), platform: process.platform }),
  setAppMenu: installAppMenu(Menu),
  shortcuts: electronShortcuts(globalShortcut),
  openExternal,
  startSandbox,
  logError,
  logWarn: (message) => log.warn(message),
  logInfo: (message) => log.info(message),
  // Only the packaged app updates itself, and only from the feed its release set: electron-updater reads app-update.yml, which
  // electron-builder writes only then (electron-builder.ts); without it update-plan.ts never checks.
  ...(app.isPackaged ? { updater: electronUpdater(electronUpdaterModule.autoUpdater, log, path.join(process.resourcesPath, 'app-update.yml')) } : {}),
  isOnline: () => net.isOnline(),
  openLogsFolder: openLogsFolder(shell, logFile),
  version: app.getVersion(),
  // Open at login: Electron's login items on macOS and Windows, an XDG autostart entry elsewhere; `--hidden` marks such a start.
  login: { argv: process.argv, env: process.env, homeDir: app.getPath('home'), execPath: process.execPath, system: app },
  nativeTheme,
  showAboutPanel: () => app.showAboutPanel(),
});
// Null: another instance runs; it was told and shows its window, and this one is quitting.
if (desktop) void app.whenReady().then(() => start(desktop));

async function start(desktop: DesktopShell): Promise<void> {
  secureSession(session.defaultSession);
  serveAppScheme(protocol, rendererDir(outDir));

  const services = await createMainServices({
    userDataDir: app.getPath('userData'),
    cipher: safeStorageCipher(safeStorage, process.platform),
    openExternal,
    writeClipboard: async (text) => clipboard.writeText(text),
    emit: desktop.emit,
    desktopCalls: desktop.handlers,
    log,
    versions,
    crashDumpsDir,
    // Every request to a service goes out the way the system's proxy settings say, trusting the system's certificate authorities too.
    dispatcher: new NetworkRouter({ resolveProxy: sessionProxyResolver(session.defaultSession), log }),
    pendingCounts: (workspaceId) => desktop.pendingCounts(workspaceId),
  });
  if (services.loadReport.recoveredFrom) {
    void dialog.showMessageBox({
      type: 'warning',
      message: 'The workspace list could not be read.',
      detail: `It was moved to ${services.loadReport.recoveredFrom} and Linkdock started with an empty list. Your API keys are untouched.`,
    });
  }
  registerContractIpc(ipcMain, services.router, { windowIds: desktop.windowIds, shortenWindowIds: desktop.shortenWindowIds, rendererUrl });
  // Tray, menu, shortcut and the embedded sandbox, then the window.
  await desktop.start(services);
}
