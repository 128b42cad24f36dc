// Thin adapter: electron-log's file transport as the logging port, and "Open Logs Folder".
// electron-log writes main.log where each system keeps an app's logs (Linux: ~/.config/Linkdock/logs,
// macOS: ~/Library/Logs/Linkdock, Windows: %APPDATA%\Linkdock\logs); past maxSize the file is moved
// to main.old.log (replacing the previous one) and a new main.log begins.
import { chmodSync } from 'node:fs';
import path from 'node:path';
import type { Shell } from 'electron';
import type { Logger } from '../logging/app-log.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/durable-write.ts';

type Level = 'error' | 'warn' | 'info' | 'verbose' | 'debug' | 'silly' | false;

/** The parts of electron-log's main logger (`electron-log/main`) used here. */
export interface ElectronLog {
  transports: {
    file: {
      level: Level;
      maxSize: number;
      writeOptions?: { flag?: string; mode?: number; encoding?: string };
      getFile(): { readonly path: string };
    };
    console: { level: Level };
  };
  info(...params: unknown[]): void;
  warn(...params: unknown[]): void;
  error(...params: unknown[]): void;
}

/** About 5 MB per file; with main.old.log at most about 10 MB on disk. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;

export interface LogFile {
  logger: Logger;
  /** The folder main.log is in. */
  directory(): string;
}

export function electronLogFile(log: ElectronLog, options: { dev: boolean }): LogFile {
  log.transports.file.level = 'info';
  log.transports.file.maxSize = LOG_FILE_MAX_BYTES;
  // Development builds also print to the terminal; a packaged app writes the file only.
  log.transports.console.level = options.dev ? 'info' : false;
  // The log holds request paths and error text: the user's alone, like every file the app writes
  // (issue #36). New files are made 0600; an existing file and its folder are tightened here.
  log.transports.file.writeOptions = { flag: 'a', mode: PRIVATE_FILE_MODE, encoding: 'utf8' };
  keepPrivate(log.transports.file.getFile().path);
  return {
    logger: {
      info: (line) => log.info(line),
      warn: (line) => log.warn(line),
      error: (line) => log.error(line),
    },
    directory: () => path.dirname(log.transports.file.getFile().path),
  };
}

function keepPrivate(file: string): void {
  if (process.platform === 'win32') return;
  for (const [target, mode] of [
    [path.dirname(file), PRIVATE_DIR_MODE],
    [file, PRIVATE_FILE_MODE],
  ] as const) {
    try {
      chmodSync(target, mode);
    } catch {
      // Not there (yet) or not ours: the log still works, as before.
    }
  }
}

/** Shows the logs folder in the system's file manager; Electron's openPath answers an error text, or ''. */
export function openLogsFolder(shell: Pick<Shell, 'openPath'>, logFile: Pick<LogFile, 'directory'>): () => Promise<void> {
  return async () => {
    const problem = await shell.openPath(logFile.directory());
    if (problem) throw new Error(`The logs folder did not open: ${problem}`);
  };
}
