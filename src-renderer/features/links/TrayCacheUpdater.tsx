import { useEffect, useRef } from 'react';
import { useApi } from '../../session/api-context.tsx';
import { useSession, useSyncStatus, type WorkspaceSession } from '../../session/workspace-session.tsx';
import { trayCache } from './tray-cache.ts';
import { useLinkSnapshot } from './use-links.ts';

const DEBOUNCE_MS = 500;

/** Keeps main's tray cache in step with the open workspace's links (debounced, only on change). */
export function TrayCacheUpdater() {
  const session = useSession();
  return session ? <TrayCacheSync session={session} /> : null;
}

/** The updater for one workspace session. */
export function TrayCacheSync({ session }: { session: WorkspaceSession }) {
  const api = useApi();
  const { index, pinned } = useLinkSnapshot(session.sync.db);
  const status = useSyncStatus(session.sync);
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
