// The open workspace: its mirror and sync engine, opened when the user picks a workspace and
// closed when they switch, so nothing of one account leaks into another's screens.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { WorkspaceInfo } from '../../src-preload/contract/index.ts';
import { bindWindowEvents, openWorkspaceSync, type SyncStatus, type WorkspaceSync } from '../sync/index.ts';
import { useWorkspaces } from '../workspaces/use-workspaces.tsx';
import { useApi } from './api-context.tsx';

export interface WorkspaceSession {
  workspace: WorkspaceInfo;
  sync: WorkspaceSync;
}

const SessionContext = createContext<WorkspaceSession | null>(null);

export function WorkspaceSessionProvider({ children }: { children: ReactNode }) {
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
    openWorkspaceSync({
      workspaceId,
      api,
      onProblem: (problem) => void api.call('notify.syncProblem', { ...problem, workspaceId }).catch(() => undefined),
    }).then(
      (sync) => {
        if (closed) {
          sync.close();
          return;
        }
        opened = sync;
        unbind = bindWindowEvents(sync, window);
        setError(null);
        setSession({ workspace, sync });
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
