// Composition root: the only place Electron's objects meet the main-process services.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, ipcMain, safeStorage, session, shell } from 'electron';
import { createMainWindow } from './electron/window.ts';
import { registerContractIpc, sendEvent } from './electron/ipc.ts';
import { safeStorageCipher } from './electron/safe-storage-cipher.ts';
import { createMainServices } from './main-services.ts';

const rendererUrl = process.env['ELECTRON_RENDERER_URL'] ?? pathToFileURL(path.join(import.meta.dirname, '../renderer/index.html')).href;
const preloadPath = path.join(import.meta.dirname, '../preload/index.cjs');
const windows = new Set<BrowserWindow>();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = windows;
    if (window) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    }
  });
  void app.whenReady().then(start);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

async function start(): Promise<void> {
  // The renderer needs no device, camera, notification or other permission prompt.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  const services = await createMainServices({
    userDataDir: app.getPath('userData'),
    cipher: safeStorageCipher(safeStorage, process.platform),
    openExternal: (url) => shell.openExternal(url),
    writeClipboard: async (text) => clipboard.writeText(text),
    emit: (event, payload) => sendEvent([...windows].map((w) => w.webContents), event, payload),
    logError: (message) => console.error(message),
  });
  if (services.loadReport.recoveredFrom) {
    void dialog.showMessageBox({
      type: 'warning',
      message: 'The workspace list could not be read.',
      detail: `It was moved to ${services.loadReport.recoveredFrom} and Linkdock started with an empty list. Your API keys are untouched.`,
    });
  }
  registerContractIpc(ipcMain, services.router, {
    windowIds: () => [...windows].map((w) => w.webContents.id),
    rendererUrl,
  });
  openWindow();
  app.on('activate', () => {
    if (windows.size === 0) openWindow();
  });
}

function openWindow(): void {
  const window = createMainWindow({
    BrowserWindow,
    preloadPath,
    rendererUrl,
    openExternal: (url) => shell.openExternal(url),
  });
  windows.add(window);
  window.on('closed', () => windows.delete(window));
}
