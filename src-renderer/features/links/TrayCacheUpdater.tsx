import { useEffect, useRef } from 'react';
import { useApi } from '../../session/api-context.tsx';
import { useOpenWorkspaces, useSession, useSyncStatus, type WorkspaceSession } from '../../session/workspace-session.tsx';
import type { WorkspaceSync } from '../../sync/index.ts';
import { trayCache, trayStatus } from './tray-cache.ts';
import { useLinkSnapshot } from './use-links.ts';

const DEBOUNCE_MS = 500;
/** What the tray shows of a workspace's sync status. */
const TRAY_FIELDS = ['connection', 'pendingCount', 'failures', 'conflicts'] as const;

/**
 * Keeps main's tray cache in step: the workspace on screen with its links (debounced, only on
 * change), every other workspace syncing out of sight with its status.
 */
export function TrayCacheUpdater() {
  const session = useSession();
  const open = useOpenWorkspaces();
  const onScreen = session?.workspace.id ?? null;
  return (
    <>
      {session && <TrayCacheSync session={session} />}
      {open
        .filter((entry) => entry.workspaceId !== onScreen)
        .map((entry) => (
          <TrayStatusSync key={entry.workspaceId} workspaceId={entry.workspaceId} sync={entry.sync} />
        ))}
    </>
  );
}

/** The status of a workspace off screen (its links in the tray stay as last computed on screen). */
function TrayStatusSync({ workspaceId, sync }: { workspaceId: string; sync: WorkspaceSync }) {
  const api = useApi();
  const { connection, pendingCount, failures, conflicts } = useSyncStatus(sync, TRAY_FIELDS);
  const last = useRef('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const status = trayStatus({ connection, pendingCount, failures, conflicts });
      const json = JSON.stringify(status);
      if (json === last.current) return;
      last.current = json;
      api.call('tray.updateStatus', { workspaceId, status }).catch((error: unknown) => {
        last.current = '';
        console.error('tray: status not updated', error);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, workspaceId, connection, pendingCount, failures, conflicts]);
  return null;
}

/** The updater for one workspace session. */
export function TrayCacheSync({ session }: { session: WorkspaceSession }) {
  const api = useApi();
  const { index, pinned } = useLinkSnapshot(session.sync.db);
  const status = useSyncStatus(session.sync, TRAY_FIELDS);
  const last = useRef('');
  const { id: workspaceId, baseUrl } = session.workspace;
  const { connection, pendingCount, failures, conflicts } = status;
  useEffect(() => {
    if (!index) return undefined;
    const timer = setTimeout(() => {
      const cache = trayCache(workspaceId, baseUrl, index, pinned, { connection, pendingCount, failures, conflicts });
      const json = JSON.stringify(cache);
      if (json === last.current) return;
      last.current = json;
      api.call('tray.updateCache', cache).catch((error: unknown) => {
        last.current = '';
        console.error('tray: cache not updated', error);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, workspaceId, baseUrl, index, pinned, connection, pendingCount, failures, conflicts]);
  return null;
}
