// Component-test scaffolding for the Links screens: a real Dexie mirror (fake-indexeddb) under
// the real sync engine (not started: nothing is sent), seeded with rows as pulls would leave
// them, and a contract double that records what main was asked to do.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { CallName, Domain, Handler, Link, WorkspaceInfo } from '../../../../src-preload/contract/index.ts';
import { ApiProvider } from '../../../../src-renderer/session/api-context.tsx';
import { useNavigation } from '../../../../src-renderer/session/navigation-store.ts';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import type { ContractApi } from '../../../../src-renderer/contract/contract-client.ts';
import { openWorkspaceSync, type MirrorRow } from '../../../../src-renderer/sync/index.ts';
import { openMirrorDb } from '../../../../src-renderer/sync/mirror/db.ts';
import { syncedRow } from '../../../../src-renderer/sync/mirror/link-rows.ts';
import { toasts, Toasts } from '../../../../src-renderer/ui/index.ts';
// Reads of the mirror and the engine's work take real time: every wait gets the suite's patience.
import '../../patient-dom.ts';

export const BASE_URL = 'https://s.test/';

// happy-dom lays nothing out: give elements a window-sized box so the virtualized table renders
// the rows a real window would (about 45 rows of 44 px), not none.
if (typeof HTMLElement !== 'undefined') {
  for (const [name, value] of [
    ['offsetHeight', 2000],
    ['offsetWidth', 1200],
    ['clientHeight', 2000],
    ['clientWidth', 1200],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
  // happy-dom's ResizeObserver reports empty boxes; TanStack Virtual falls back to offset sizes without it.
  (window as { ResizeObserver?: unknown }).ResizeObserver = undefined;
  HTMLElement.prototype.getBoundingClientRect = function () {
    return { x: 0, y: 0, top: 0, left: 0, right: 1200, bottom: 2000, width: 1200, height: 2000, toJSON: () => ({}) } as DOMRect;
  };
}

export interface RecordedCall {
  name: CallName;
  input: unknown;
}

export function recordingApi(): ContractApi & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  return {
    calls,
    call: (async (name: CallName, input: unknown) => {
      calls.push({ name, input });
      if (name === 'clipboard.writeText' || name === 'tray.updateCache' || name === 'shell.openExternal') return null;
      throw new Error(`unexpected call ${name}`);
    }) as ContractApi['call'],
    on: () => () => undefined,
  };
}

let counter = 0;

export async function openSession(): Promise<WorkspaceSession> {
  const id = `links-test-${++counter}`;
  const db = openMirrorDb(id, { indexedDB: new IDBFactory(), IDBKeyRange });
  const sync = await openWorkspaceSync({ workspaceId: id, api: recordingApi(), db, storage: null, autoStart: false, handleShortenRequests: false });
  const workspace: WorkspaceInfo = { id, name: 'Test', baseUrl: BASE_URL, hasKey: true, sandbox: false };
  return { workspace, sync };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function serverLink(id: number, overrides: Partial<Link> = {}): Link {
  return {
    id,
    project_id: null,
    domain_id: 0,
    type: 'link',
    url: `alias-${pad(id, 4)}`,
    location_url: `https://dest.example/${id}`,
    settings: { password: null, sensitive_content: false },
    clicks: 0,
    order: 0,
    start_date: null,
    end_date: null,
    datetime: '2026-01-01 00:00:00',
    ...overrides,
  };
}

export function mirrorRow<S extends Link | Domain | Handler>(base: S, extra: Partial<MirrorRow<S>> = {}): MirrorRow<S> {
  const kind = 'host' in base ? 'd' : 'type' in base && base.type !== 'link' && !('url' in base) ? 'h' : 'l';
  return { ...syncedRow(`row-${base.id}-${kind}`, base, 0), ...extra };
}

export const domain = (id: number, host: string): Domain => ({
  id,
  scheme: 'https://',
  host,
  custom_index_url: '',
  is_enabled: true,
  last_datetime: null,
  datetime: '2025-01-01 00:00:00',
});
export const handler = (id: number, name: string): Handler => ({
  id,
  type: 'email',
  name,
  settings: { email: `${name}@example.com` },
  is_enabled: true,
  last_datetime: null,
  datetime: '2025-01-01 00:00:00',
});

export function renderWithApi(ui: ReactNode, api: ContractApi = recordingApi()) {
  useNavigation.setState({ view: 'links', linkDetail: null, linkEditor: null, paletteOpen: false });
  // The app shell renders the toast region; a screen alone needs its own, and a clean queue.
  toasts.clear();
  const user = userEvent.setup();
  return {
    user,
    api,
    ...render(
      <ApiProvider api={api}>
        {ui}
        <Toasts />
      </ApiProvider>,
    ),
  };
}

export { choose, fieldError } from '../../form-queries.ts';
