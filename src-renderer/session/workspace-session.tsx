// The open workspace: its mirror and sync engine, opened when the user picks a workspace and
// closed when they switch, so nothing of one account leaks into another's screens.
import { createContext, useContext, useEffect, useState, type ReactNode, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { WorkspaceInfo } from '../../src-preload/contract/index.ts';
import { bindWindowEvents, openWorkspaceSync, refreshAccount, storedAccount, type SyncStatus, type WorkspaceSync } from '../sync/index.ts';
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
  useEffect(() => {
    if (!workspaceId || !workspace) return undefined;
    let closed = false;
    let opened: WorkspaceSync | null = null;
    let unbind = () => undefined as void;
    const open = async (): Promise<WorkspaceSync> => {
      const sync = await openWorkspaceSync({
        workspaceId,
        api,
        // Started below, once the first screen is painted: its first pull reads the whole mirror.
        autoStart: false,
        onProblem: (problem) => void api.call('notify.syncProblem', { ...problem, workspaceId }).catch(() => undefined),
      });
      // The list opens with its stored first page (one small read) instead of a loading state and
      // a second render; a slow read does not hold the session up.
      if (prepare) await Promise.race([prepare(sync), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
      return sync;
    };
    open().then(
      (sync) => {
        if (closed) {
          sync.close();
          return;
        }
        opened = sync;
        unbind = bindWindowEvents(sync, window);
        setError(null);
        setSession({ workspace, sync });
        afterPaint(() => {
          if (closed) return;
          sync.engine
            .start()
            // Statistics refresh in the background once sync runs (within a small share of the window).
            .then(() => closed || sync.statistics.startBackground())
            .catch((failure: unknown) => console.error('sync: the engine did not start', failure));
        }, START_FALLBACK_MS);
        // The account (time zone of schedule dates): the stored copy at once, the service's when main
        // has it (read at most twice a day; a service without the call simply says so).
        void storedAccount(sync.db)
          .then(() => (closed ? null : refreshAccount(sync.db, api, workspaceId)))
          .catch(() => undefined);
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      closed = true;
      unbind();
      opened?.close();
      setSession(null);
    };
    // The session follows the workspace id; renames must not reopen the database.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, workspaceId]);

  const value = session && workspace ? { ...session, workspace } : null;
  if (error) {
    return (
      <div className="banner banner-danger" role="alert">
        <span>This workspace's offline copy could not be opened: {error}</span>
      </div>
    );
  }
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
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

/** The sync status of the open workspace, re-rendering on change. */
export function useSyncStatus(sync: WorkspaceSync): SyncStatus {
  return useStore(sync.store);
}

const NO_STATUS = { subscribe: () => () => undefined, getState: () => null };

/** The status of a workspace that may not be open (null then). */
export function useSyncStatusOrNull(sync: WorkspaceSync | null): SyncStatus | null {
  const store = sync?.store ?? NO_STATUS;
  return useSyncExternalStore(store.subscribe, store.getState);
}
