// The Help menu's entries: the website, Open Logs Folder (the Electron adapter's port), Copy Diagnostics
// (main's diagnostics text onto the clipboard, and a notification saying so), Check for Updates… and
// About (in the app menu on macOS).
import type { AppMenuActions } from './app-menu.ts';
import type { Notify } from './notice.ts';

export const APP_WEBSITE = 'https://linkdock.app';

export interface HelpMenuDeps {
  /** Resolves once the shell has its services (a click before then waits). */
  ready: Promise<void>;
  diagnostics: () => Promise<string> | null;
  openLogsFolder(): Promise<void>;
  openExternal(url: string): Promise<void>;
  writeClipboard(text: string): void | Promise<void>;
  notify: Notify;
  /** Background work the shell awaits on quit and logs when it fails. */
  track(work: Promise<unknown>, what: string): void;
  showAboutPanel?(): void;
  updates: { checkFromMenu(): Promise<void> };
}

export async function copyDiagnostics(deps: Pick<HelpMenuDeps, 'ready' | 'diagnostics' | 'writeClipboard' | 'notify'>): Promise<void> {
  await deps.ready;
  try {
    const text = await deps.diagnostics();
    if (text === null) return;
    await deps.writeClipboard(text);
  } catch (error) {
    deps.notify({ title: 'Diagnostics not copied', body: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  deps.notify({ title: 'Diagnostics copied', body: 'Versions, counts and the last errors, without keys or addresses: paste them into your report.' });
}

export function helpMenuActions(
  deps: HelpMenuDeps,
): Pick<AppMenuActions, 'openWebsite' | 'openLogsFolder' | 'copyDiagnostics' | 'showAbout' | 'checkForUpdates'> {
  return {
    showAbout: () => deps.showAboutPanel?.(),
    checkForUpdates: () => deps.track(deps.updates.checkFromMenu(), 'check for updates'),
    openWebsite: () => void deps.openExternal(APP_WEBSITE).catch(() => undefined),
    openLogsFolder: () => deps.track(deps.openLogsFolder(), 'open logs folder'),
    copyDiagnostics: () => deps.track(copyDiagnostics(deps), 'copy diagnostics'),
  };
}
