// Thin adapter: electron-updater's autoUpdater as the shell's UpdaterPort. Its own log lines go to
// the app log (its failures are logged once by update-checks.ts, from the 'error' event).
import type { AppUpdater } from 'electron-updater';
import type { UpdaterPort } from '../desktop/update-checks.ts';

export function electronUpdater(updater: AppUpdater, log: { info(message: string): void; warn(message: string): void }): UpdaterPort {
  updater.logger = { info: (m: unknown) => log.info(`updater: ${String(m)}`), warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: () => undefined };
  return {
    onError: (listener) => void updater.on('error', (error) => listener(error)),
    onDownloaded: (listener) => void updater.on('update-downloaded', (info) => listener(info.version)),
    check: () => updater.checkForUpdates(),
    setAutomatic: (on) => {
      updater.autoDownload = on;
      updater.autoInstallOnAppQuit = on;
    },
    quitAndInstall: () => updater.quitAndInstall(),
  };
}
