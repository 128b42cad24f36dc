// Thin adapter: Electron's crash reporter writing minidumps on this computer only. Nothing is
// uploaded (there is no crash server, and a dump can hold whatever the process had in memory);
// the folder is named in the diagnostics so a user can attach a dump to a report by choice.
import type { App, CrashReporter } from 'electron';

/** Starts it (before app ready, so the main process's own crashes are caught too) and returns the dumps' folder. */
export function startLocalCrashReports(crashReporter: Pick<CrashReporter, 'start'>, app: Pick<App, 'getPath'>): string {
  crashReporter.start({ uploadToServer: false, compress: true });
  return app.getPath('crashDumps');
}
