// The desktop calls where there is no desktop (the browser preview, `npm run preview:web`): the
// current workspace works, the rest answers harmlessly so the same renderer runs unchanged.
import { CallError } from '../../src-preload/contract/index.ts';
import type { DesktopCallHandlers } from './desktop-calls.ts';

export interface HeadlessDeps {
  store: { readonly currentId: string | null; setCurrent(id: string | null): Promise<void> };
  workspaces: { list(): Promise<{ id: string }[]> };
  logError?: (message: string) => void;
  /** The preview's own sandbox, when it runs one (`--sandbox`). */
  restoreSandbox?: () => Promise<{ workspaceId: string }>;
}

const NO_DESKTOP = 'The browser preview has no tray, notifications or global shortcut.';

export function headlessDesktopCalls(deps: HeadlessDeps): DesktopCallHandlers {
  const current = async (): Promise<string | null> => {
    const list = await deps.workspaces.list();
    return list.find((w) => w.id === deps.store.currentId)?.id ?? list[0]?.id ?? null;
  };
  const settings = {
    closeToTray: false,
    shortcut: null,
    shortcutActive: false,
    shortcutProblem: NO_DESKTOP,
    autoUpdate: false,
    updateNote: 'The browser preview does not update itself.',
    openAtLogin: false,
    openAtLoginAvailable: false,
    openAtLoginNote: 'The browser preview does not start at login.',
  };
  return {
    'workspaces.getCurrent': async () => ({ workspaceId: await current() }),
    'workspaces.setCurrent': async ({ workspaceId }) => {
      if (!(await deps.workspaces.list()).some((w) => w.id === workspaceId)) {
        throw new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
      }
      await deps.store.setCurrent(workspaceId);
      return null;
    },
    'tray.updateCache': async () => null,
    'tray.updateStatus': async () => null,
    'links.shortenPending': async () => [],
    'links.shortenAccepted': async () => null,
    'notify.syncProblem': async (problem) => {
      deps.logError?.(`sync problem (${problem.kind}): ${problem.title}`);
      return null;
    },
    'desktop.getSettings': async () => settings,
    'desktop.setSettings': async () => {
      throw new CallError({ kind: 'invalid-input', message: NO_DESKTOP });
    },
    // The browser draws its own menus: nothing to follow.
    'desktop.setTheme': async () => null,
    'shortenWindow.context': async () => ({
      location_url: '',
      clipboardNote: NO_DESKTOP,
      currentId: await current(),
      workspaces: [],
    }),
    'shortenWindow.submit': async () => {
      throw new CallError({ kind: 'invalid-input', message: NO_DESKTOP });
    },
    'shortenWindow.close': async () => null,
    'desktop.restoreSandbox': async () => {
      if (!deps.restoreSandbox) throw new CallError({ kind: 'invalid-input', message: 'This preview runs without a sandbox (start it with --sandbox).' });
      return deps.restoreSandbox();
    },
  };
}
