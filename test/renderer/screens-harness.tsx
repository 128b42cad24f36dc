// Component-test scaffolding for the domain, handler, pending and conflict screens: the whole
// App over the sync tests' in-memory service (contract-validated, fault-injectable), so pages
// read a real Dexie mirror (fake-indexeddb) kept by the real sync engine.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { CallName, DesktopSettings, VaultStatus, WorkspaceInfo } from '../../src-preload/contract/index.ts';
import { App } from '../../src-renderer/app/App.tsx';
import { useNavigation, type View } from '../../src-renderer/session/navigation-store.ts';
import type { ContractApi } from '../../src-renderer/contract/contract-client.ts';
import { openWorkspaceSync, type WorkspaceSync } from '../../src-renderer/sync/index.ts';
import type { FakeService } from './sync/fake-service.ts';
import { toasts } from '../../src-renderer/ui/index.ts';
import { freshDb } from './sync/helpers.ts';
// The engine works on real timers and fake-indexeddb: every wait gets the suite's patience.
import './patient-dom.ts';

let workspaceCounter = 0;

// happy-dom lays nothing out: give elements a screen-sized box so the virtualized tables render
// the rows a real window would (about 40 rows of 48 px).
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 2000 });
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 2000 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
// happy-dom's ResizeObserver reports empty boxes; TanStack Virtual falls back to offset sizes without it.
(window as { ResizeObserver?: unknown }).ResizeObserver = undefined;
HTMLElement.prototype.getBoundingClientRect = function () {
  return { x: 0, y: 0, top: 0, left: 0, right: 1200, bottom: 2000, width: 1200, height: 2000, toJSON: () => ({}) } as DOMRect;
};

/** Main's desktop settings as a fresh install reports them; a test spreads it and names what it changes. */
export const DESKTOP_SETTINGS = {
  closeToTray: true,
  shortcut: null,
  shortcutActive: false,
  shortcutProblem: null,
  autoUpdate: true,
  updateNote: null,
  openAtLogin: false,
  openAtLoginAvailable: true,
  openAtLoginNote: null,
} satisfies AppHarness['desktop']['settings'];

export interface AppHarness {
  service: FakeService;
  workspace: WorkspaceInfo;
  api: ContractApi;
  user: ReturnType<typeof userEvent.setup>;
  /** Settings and vault answers of the desktop calls (tests change them). */
  desktop: {
    settings: DesktopSettings;
    vault: VaultStatus;
    setSettings?: (input: Record<string, unknown>) => DesktopSettings;
    keysSet: string[];
    /** How often the Sandbox workspace was asked back. */
    sandboxRestores: number;
    /** The theme choices the window told main (desktop.setTheme), in order. */
    themes: string[];
  };
}

/** The contract as main answers it: the workspace list and desktop calls here, the rest by the service. */
export function appApi(service: FakeService, workspace: WorkspaceInfo, desktop: AppHarness['desktop']): ContractApi {
  const local: Partial<Record<CallName, (input: Record<string, unknown>) => unknown>> = {
    'workspaces.list': () => [workspace],
    'workspaces.getCurrent': () => ({ workspaceId: workspace.id }),
    'workspaces.setCurrent': () => null,
    'workspaces.setKey': (input) => {
      desktop.keysSet.push(String(input.apiKey));
      return workspace;
    },
    'notify.syncProblem': () => null,
    'tray.updateCache': () => null,
    'vault.status': () => desktop.vault,
    'desktop.getSettings': () => desktop.settings,
    'desktop.restoreSandbox': () => {
      desktop.sandboxRestores++;
      return { workspaceId: workspace.id };
    },
    'desktop.setTheme': (input) => {
      desktop.themes.push(String(input.theme));
      return null;
    },
    'desktop.setSettings': (input) => {
      if (desktop.setSettings) return desktop.setSettings(input);
      desktop.settings = { ...desktop.settings, ...input };
      return desktop.settings;
    },
  };
  return {
    call: (async (name: CallName, input: Record<string, unknown>) => {
      const handler = local[name];
      if (handler) return structuredClone(handler(input));
      // The service answers for one workspace; it is named 'ws' in its own records.
      return service.api.call(name, ('workspaceId' in input ? { ...input, workspaceId: 'ws' } : input) as never);
    }) as ContractApi['call'],
    on: service.api.on,
  };
}

/** Renders the app with one open workspace over `service` and goes to `view`. */
export async function renderApp(service: FakeService, view: View, overrides: Partial<AppHarness['desktop']> = {}): Promise<AppHarness> {
  const workspace: WorkspaceInfo = {
    id: `test-ws-${++workspaceCounter}-${Date.now()}`,
    name: 'Test',
    baseUrl: 'https://svc.test/',
    hasKey: true,
    sandbox: false,
  };
  const desktop: AppHarness['desktop'] = {
    settings: { ...DESKTOP_SETTINGS },
    vault: { available: true, backend: 'gnome_libsecret', secure: true },
    keysSet: [],
    sandboxRestores: 0,
    themes: [],
    ...overrides,
  };
  const api = appApi(service, workspace, desktop);
  useNavigation.setState({ view, linkDetail: null, analyticsLink: null, linkEditor: null, paletteOpen: false });
  const user = userEvent.setup();
  // The toast queue is the app's one: a test starts without the last one's toasts.
  toasts.clear();
  render(<App api={api} />);
  // The session is open once the status bar names the workspace.
  await waitFor(() => expect(screen.getByRole('contentinfo', { name: 'Sync status' }).textContent).toContain('Test:'));
  // Screens other than Links load on first show (app/views.tsx): wait for the view's own page.
  await waitFor(() => expect(document.querySelector('main .page[aria-busy="true"]')).toBeNull());
  return { service, workspace, api, user, desktop };
}

/** A workspace sync over `service` for components that take `sync` directly; no background cycles. */
export async function openTestSync(service: FakeService): Promise<WorkspaceSync> {
  return openWorkspaceSync({ workspaceId: 'ws', api: service.api, db: freshDb(), storage: null, autoStart: false, handleShortenRequests: false });
}

export { cleanup };

export { choose, fieldError } from './form-queries.ts';
