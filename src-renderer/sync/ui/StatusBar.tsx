import { useOpenSession, useSyncStatus } from '../../app/workspace-session.tsx';
import { useNavigation } from '../../app/navigation-store.ts';
import { countdown, timeAgo } from './format.ts';
import { useNow } from './use-now.ts';

/** Online/offline/syncing, pending count, waiting for the rate limit, last sync, and a Sync now button. */
export function StatusBar() {
  const { sync, workspace } = useOpenSession();
  const status = useSyncStatus(sync);
  const now = useNow();
  const go = useNavigation((s) => s.go);
  const connection = status.paused
    ? 'Key refused'
    : status.syncing
      ? 'Syncing…'
      : status.connection === 'online'
        ? 'Online'
        : status.connection === 'offline'
          ? 'Offline'
          : 'Connecting…';
  const waitMs = status.blockedUntil !== null ? status.blockedUntil - now : 0;
  const attention = status.failures.length + status.conflicts.length;
  return (
    <>
      <span className={`status-dot status-${status.paused ? 'paused' : status.connection}`} aria-hidden="true" />
      <span role="status" aria-live="polite">
        {workspace.name}: {connection}
      </span>
      <button type="button" className="link-button" onClick={() => go('pending')}>
        {status.pendingCount === 0 ? 'No pending changes' : `${status.pendingCount} pending change${status.pendingCount === 1 ? '' : 's'}`}
        {attention > 0 && ` · ${attention} need${attention === 1 ? 's' : ''} attention`}
      </button>
      {waitMs > 0 && <span>Waiting for the rate limit: {countdown(waitMs)}</span>}
      <span className="statusbar-spacer" />
      <span>Last synced: {status.lastPullAt === null ? 'never' : timeAgo(status.lastPullAt, now)}</span>
      <button type="button" className="link-button" onClick={() => void sync.syncNow()} disabled={status.syncing}>
        Sync now
      </button>
    </>
  );
}
