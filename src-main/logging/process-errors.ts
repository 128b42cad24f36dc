// Main's own uncaught exceptions and unhandled rejections go to the log with their stacks. The
// process keeps running: a bug in one handler must not take the tray, the window and the outbox
// with it (Electron's default is a dialog, then a dead main).
import type { AppLog } from './app-log.ts';

export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: unknown) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export function logProcessErrors(process: ProcessEvents, log: Pick<AppLog, 'error'>): void {
  process.on('uncaughtException', (error) => log.error('uncaught exception in main', error));
  process.on('unhandledRejection', (reason) => log.error('unhandled promise rejection in main', reason));
}
