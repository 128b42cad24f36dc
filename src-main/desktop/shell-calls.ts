// The desktop calls the shell answers (current workspace, tray cache, shorten queue, sync
// notifications, desktop settings). Each waits until the shell has read its stores.
import { CallError, type DesktopSettings, type EventPayload, type ThemeChoiceName } from '../../src-preload/contract/index.ts';
import type { DesktopCallHandlers } from './desktop-calls.ts';
import type { ShortenWindowCallName } from './shorten-window.ts';
import type { LoginItem } from './login-item.ts';
import type { Notify } from './notice.ts';
import type { SettingsStore } from './settings.ts';
import type { ShortenQueue } from './shorten-queue.ts';
import type { TrayCacheStore } from './tray-cache.ts';

type WorkspaceEntry = { id: string; name: string; baseUrl: string };

export interface ShellCallContext {
  /** Settles once the stores are read. */
  ready: Promise<void>;
  workspaces: () => WorkspaceEntry[];
  currentWorkspace: () => WorkspaceEntry | null;
  setCurrent: (workspaceId: string, tellRenderer: boolean) => Promise<void>;
  trayCache: TrayCacheStore;
  queue: ShortenQueue;
  settings: SettingsStore;
  notify: Notify;
  navigate: (view: EventPayload<'app.navigate'>['view'], workspaceId?: string) => void;
  settingsView: () => DesktopSettings;
  /** Registers the accelerator in place of the active one; returns the problem, if any. */
  applyShortcut: (accelerator: string | null) => string | null;
  refreshTray: () => void;
  refreshAppMenu: () => void;
  restoreSandbox: () => Promise<{ workspaceId: string }>;
  /** Told when the user switches updates on or off. */
  updates: { setEnabled(on: boolean): void };
  /** Open at login: the system's entry, then the stored choice. */
  loginItem: Pick<LoginItem, 'set'>;
  /** The window's theme choice: applied to Electron's nativeTheme and kept for the next start. */
  setTheme: (theme: ThemeChoiceName) => Promise<void>;
}

/** All but the Shorten window's calls (shorten-window.ts answers those). */
export function createShellCalls(ctx: ShellCallContext): Omit<DesktopCallHandlers, ShortenWindowCallName> {
  const known = (workspaceId: string) => ctx.workspaces().some((w) => w.id === workspaceId);
  return {
    'workspaces.getCurrent': async () => {
      await ctx.ready;
      return { workspaceId: ctx.currentWorkspace()?.id ?? null };
    },
    'workspaces.setCurrent': async ({ workspaceId }) => {
      await ctx.ready;
      await ctx.setCurrent(workspaceId, false);
      return null;
    },
    'tray.updateCache': async (input) => {
      await ctx.ready;
      if (!known(input.workspaceId)) throw new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
      await ctx.trayCache.put(input);
      ctx.refreshTray();
      return null;
    },
    'tray.updateStatus': async ({ workspaceId, status }) => {
      await ctx.ready;
      if (!known(workspaceId)) throw new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
      await ctx.trayCache.putStatus(workspaceId, status);
      ctx.refreshTray();
      return null;
    },
    'links.shortenPending': async () => {
      await ctx.ready;
      return ctx.queue.pending();
    },
    'links.shortenAccepted': async ({ requestId }) => {
      await ctx.ready;
      await ctx.queue.accept(requestId);
      return null;
    },
    'notify.syncProblem': async (problem) => {
      await ctx.ready;
      const list = ctx.workspaces();
      const workspace = problem.workspaceId ? list.find((w) => w.id === problem.workspaceId) : undefined;
      const where = workspace && list.length > 1 ? ` (${workspace.name})` : '';
      ctx.notify({
        title: `${problem.title}${where}`,
        body: problem.body,
        onClick: () => (problem.kind === 'key-refused' ? ctx.navigate('settings', problem.workspaceId) : ctx.navigate('pending', problem.workspaceId)),
      });
      return null;
    },
    'desktop.getSettings': async () => {
      await ctx.ready;
      return ctx.settingsView();
    },
    'desktop.setSettings': async (input) => {
      await ctx.ready;
      if (input.shortcut !== undefined) {
        const wanted = input.shortcut === '' ? null : input.shortcut;
        const problem = ctx.applyShortcut(wanted);
        if (problem) throw new CallError({ kind: 'invalid-input', field: 'shortcut', message: problem });
        await ctx.settings.update({ shortcut: wanted });
        ctx.refreshTray();
        ctx.refreshAppMenu();
      }
      if (input.closeToTray !== undefined) await ctx.settings.update({ closeToTray: input.closeToTray });
      if (input.autoUpdate !== undefined) {
        await ctx.settings.update({ autoUpdate: input.autoUpdate });
        ctx.updates.setEnabled(input.autoUpdate);
        ctx.refreshAppMenu(); // Check for Updates… follows the switch
      }
      if (input.openAtLogin !== undefined) await ctx.loginItem.set(input.openAtLogin);
      return ctx.settingsView();
    },
    'desktop.setTheme': async ({ theme }) => {
      await ctx.ready;
      await ctx.setTheme(theme);
      return null;
    },
    'desktop.restoreSandbox': () => ctx.restoreSandbox(),
  };
}
