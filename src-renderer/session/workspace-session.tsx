// The workspace on screen: its mirror and sync engine, from the registry that keeps every workspace
// syncing (sync/workspace-syncs.ts). The screens see only this one, so nothing of one account leaks
// into another's screens; the others go on syncing out of sight.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { WorkspaceInfo } from '../../src-preload/contract/index.ts';
import { createWorkspaceSyncs, openWorkspaceSync, refreshAccount, storedAccount, type SyncStatus, type WorkspaceSync } from '../sync/index.ts';
import type { OpenWorkspace, WorkspaceSyncs } from '../sync/workspace-syncs.ts';
import { useWorkspaces } from './use-workspaces.tsx';
import { afterPaint } from './after-paint.ts';
import { useApi } from './api-context.tsx';

/** Sync starts at the latest this long after the workspace opened, painted or not (hidden window). */
const START_FALLBACK_MS = 500;
/** How long the session waits for the list's stored first page before showing without it. */
const FIRST_PAGE_WAIT_MS = 50;

export interface WorkspaceSession {
  workspace: WorkspaceInfo;
  sync: WorkspaceSync;
}

const SessionContext = createContext<WorkspaceSession | null>(null);
const SyncsContext = createContext<WorkspaceSyncs<WorkspaceSync> | null>(null);

export interface WorkspaceSessionProps {
  children: ReactNode;
  /**
   * Work the first screen needs before the session shows (the Links list's stored first page); the
   * app shell passes it, so this layer knows no feature. Waited for at most FIRST_PAGE_WAIT_MS.
   */
  prepare?: (sync: WorkspaceSync) => Promise<unknown>;
}

export function WorkspaceSessionProvider({ children, prepare }: WorkspaceSessionProps) {
  const api = useApi();
  const { workspaces, currentId } = useWorkspaces();
  const workspace = workspaces.find((w) => w.id === currentId) ?? null;
  const [session, setSession] = useState<WorkspaceSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const workspaceId = workspace?.id ?? null;

  // Every workspace's sync, for as long as the app runs (the window only hides: main keeps it).
  const syncs = useMemo(
    () =>
      createWorkspaceSyncs({
        open: (id) =>
          openWorkspaceSync({
            workspaceId: id,
            api,
            // Started once the first screen is painted (on screen) or a little later (the others).
            autoStart: false,
            onProblem: (problem) => void api.call('notify.syncProblem', { ...problem, workspaceId: id }).catch(() => undefined),
          }),
        events: window,
        onError: (id, failure) => console.error(`sync: workspace ${id} did not open or start`, failure),
      }),
    [api],
  );
  useEffect(() => () => syncs.closeAll(), [syncs]);
  const ids = workspaces.map((w) => w.id).join('\n');
  useEffect(() => {
    syncs.retain(ids ? ids.split('\n') : [], workspaceId);
  }, [syncs, ids, workspaceId]);

  useEffect(() => {
    if (!workspaceId || !workspace) return undefined;
    let left = false;
    let shown: WorkspaceSync | null = null;
    let unbind = () => undefined as void;
    const open = async (): Promise<WorkspaceSync> => {
      const sync = await syncs.use(workspaceId);
      // The list opens with its stored first page (one small read) instead of a loading state and
      // a second render; a slow read does not hold the session up.
      if (prepare) await Promise.race([prepare(sync), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
      return sync;
    };
    open().then(
      (sync) => {
        if (left) return;
        shown = sync;
        // Focus pulls for the workspace on screen only; online/offline reach every one (the registry).
        const onFocus = () => sync.notifyFocus();
        window.addEventListener('focus', onFocus);
        unbind = () => window.removeEventListener('focus', onFocus);
        setError(null);
        setSession({ workspace, sync });
        afterPaint(() => {
          if (left) return;
          syncs
            .start(workspaceId)
            // Statistics refresh in the background once sync runs (within a small share of the window).
            .then(() => left || sync.statistics.startBackground())
            .catch((failure: unknown) => console.error('sync: the engine did not start', failure));
        }, START_FALLBACK_MS);
        // The account (time zone of schedule dates): the stored copy at once, the service's when main
        // has it (read at most twice a day; a service without the call simply says so).
        void storedAccount(sync.db)
          .then(() => (left ? null : refreshAccount(sync.db, api, workspaceId)))
          .catch(() => undefined);
      },
      (failure: unknown) => {
        if (!left) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      left = true;
      unbind();
      // Off screen it goes on syncing; its share of the budget goes to sync, not statistics.
      shown?.statistics.stopBackground();
      setSession(null);
    };
    // The session follows the workspace id; renames must not reopen the database.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, syncs, workspaceId]);

  const value = session && workspace ? { ...session, workspace } : null;
  if (error) {
    return (
      <div className="banner banner-danger" role="alert">
        <span>This workspace's offline copy could not be opened: {error}</span>
      </div>
    );
  }
  return (
    <SyncsContext.Provider value={syncs}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </SyncsContext.Provider>
  );
}

const NO_WORKSPACES: readonly OpenWorkspace<WorkspaceSync>[] = [];
const noSubscribe = () => () => undefined;

/** Every open workspace's sync (the one on screen among them), re-rendering as they open and close. */
export function useOpenWorkspaces(): readonly OpenWorkspace<WorkspaceSync>[] {
  const syncs = useContext(SyncsContext);
  return useSyncExternalStore(syncs?.subscribe ?? noSubscribe, syncs?.list ?? (() => NO_WORKSPACES));
}

/** The open workspace, or null while none is open. */
export function useSession(): WorkspaceSession | null {
  return useContext(SessionContext);
}

/** The open workspace; for screens that only render inside one. */
export function useOpenSession(): WorkspaceSession {
  const session = useSession();
  if (!session) throw new Error('useOpenSession outside an open workspace');
  return session;
}

function pickStatus<K extends keyof SyncStatus>(state: SyncStatus, keys: readonly K[]): Pick<SyncStatus, K> {
  const picked = {} as Pick<SyncStatus, K>;
  for (const key of keys) picked[key] = state[key];
  return picked;
}

/**
 * The fields of the workspace's sync status a component shows; it renders again only when one of
 * them changes. (The status changes with every request, its counts: a screen that took all of it
 * rendered again for each page of a listing.)
 */
export function useSyncStatus<K extends keyof SyncStatus>(sync: WorkspaceSync, keys: readonly K[]): Pick<SyncStatus, K> {
  return useStore(
    sync.store,
    useShallow((state: SyncStatus) => pickStatus(state, keys)),
  );
}

const NO_STATUS = { subscribe: () => () => undefined, getState: () => null };

/** The same of a workspace that may not be open (null then). */
export function useSyncStatusOrNull<K extends keyof SyncStatus>(sync: WorkspaceSync | null, keys: readonly K[]): Pick<SyncStatus, K> | null {
  const store: { subscribe: (listener: () => void) => () => void; getState: () => SyncStatus | null } = sync?.store ?? NO_STATUS;
  const pick = useShallow((state: SyncStatus | null) => (state ? pickStatus(state, keys) : null));
  return useSyncExternalStore(store.subscribe, () => pick(store.getState()));
}
