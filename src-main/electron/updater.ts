// Thin adapter: electron-updater's autoUpdater as the shell's UpdaterPort. Its own log lines go to
// the app log (its failures are logged once by update-checks.ts, from the 'error' event).
import { readFileSync } from 'node:fs';
import type { AppUpdater } from 'electron-updater';
import type { UpdaterPort } from '../desktop/update-checks.ts';

/** `feedFile`: where electron-updater reads the feed, `<resources>/app-update.yml` in a packaged app. */
export function electronUpdater(updater: AppUpdater, log: { info(message: string): void; warn(message: string): void }, feedFile: string): UpdaterPort {
  updater.logger = { info: (m: unknown) => log.info(`updater: ${String(m)}`), warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: () => undefined };
  return {
    feed: () => {
      try {
        return readFileSync(feedFile, 'utf8');
      } catch {
        return null; // absent (a build without a feed) or unreadable: nothing to check against
      }
    },
    onError: (listener) => void updater.on('error', (error) => listener(error)),
    onAvailable: (listener) => void updater.on('update-available', (info) => listener(info.version)),
    onDownloaded: (listener) => void updater.on('update-downloaded', (info) => listener(info.version)),
    check: async () => {
      const result = await updater.checkForUpdates();
      return result ? { newVersion: result.isUpdateAvailable ? result.updateInfo.version : null } : null;
    },
    setAutomatic: (on) => {
      updater.autoDownload = on;
      updater.autoInstallOnAppQuit = on;
    },
    quitAndInstall: () => updater.quitAndInstall(),
  };
}
