import { useOpenSession, useSyncStatus } from '../session/workspace-session.tsx';
import { useNavigation } from '../session/navigation-store.ts';
import { msUntilWindowReopens } from '../sync/index.ts';
import { countdown, lastSyncedText } from '../ui/format.ts';
import { useNow } from '../ui/use-now.ts';
import { showToast } from '../ui/index.ts';

/** What the bar shows of the sync status (not the request counts, which change with every request). */
const STATUS_BAR_FIELDS = [
  'paused',
  'syncing',
  'connection',
  'blockedUntil',
  'rateLimit',
  'pendingCount',
  'unknownCount',
  'failures',
  'conflicts',
  'lastPullAt',
  'counted',
] as const;

/** Online/offline/syncing, pending count, waiting for the rate limit, last sync, and a Sync now button. */
export function StatusBar() {
  const { sync, workspace } = useOpenSession();
  const status = useSyncStatus(sync, STATUS_BAR_FIELDS);
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
  // Waiting when a request was refused for the rate limit, or the window is known to be spent.
  const waitMs = status.pendingCount > 0 || status.blockedUntil !== null ? msUntilWindowReopens(status, now) : 0;
  const attention = status.failures.length + status.conflicts.length;
  /** Sync now says how it went when the bar alone would not: the service could not be reached, or the key was refused. */
  const syncNow = async () => {
    await sync.syncNow().catch(() => undefined);
    const after = sync.store.getState();
    if (after.paused) showToast({ title: 'Not synced: the service refused the API key', description: 'Enter a new key in Workspaces.', tone: 'danger' });
    else if (after.connection === 'offline')
      showToast({
        title: `Not synced: can’t reach ${hostOf(workspace.baseUrl)}`,
        description: `${after.lastError ?? 'The service did not answer.'} Your changes are kept and go out once it answers.`,
        tone: 'danger',
      });
    else if (after.pullError !== null) showToast({ title: 'Not synced', description: after.pullError, tone: 'danger' });
  };
  return (
    <>
      <span className={`status-dot status-${status.paused ? 'paused' : status.connection}`} aria-hidden="true" />
      <span role="status" aria-live="polite">
        {workspace.name}: {connection}
      </span>
      <button type="button" className="link-button" onClick={() => go('pending')}>
        {status.counted ? pendingText(status.pendingCount, status.unknownCount, attention) : 'Pending changes'}
      </button>
      {waitMs > 0 && (
        <span role="timer" aria-label="Waiting for the rate limit">
          Waiting for the rate limit: {countdown(waitMs)}
        </span>
      )}
      <span className="statusbar-spacer" />
      <span className="last-synced">Last synced: {lastSyncedText(status, now)}</span>
      <button type="button" className="link-button" onClick={() => void syncNow()} disabled={status.syncing}>
        Sync now
      </button>
    </>
  );
}

/** "3 pending changes · 1 needs attention", "1 being checked", or "No pending changes". */
export function pendingText(pending: number, checking: number, attention: number): string {
  const parts: string[] = [];
  if (pending > 0) parts.push(`${pending} pending change${pending === 1 ? '' : 's'}`);
  if (checking > 0) parts.push(`${checking} being checked`);
  if (attention > 0) parts.push(`${attention} need${attention === 1 ? 's' : ''} attention`);
  return parts.length === 0 ? 'No pending changes' : parts.join(' · ');
}

function hostOf(baseUrl: string): string {
  return URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl;
}
