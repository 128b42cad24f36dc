import { useOpenSession, useSyncStatus } from '../../session/workspace-session.tsx';
import { lastSyncedText } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { Button } from '../../ui/index.ts';

/**
 * How syncing is scheduled for the open workspace. The engine's period is fixed when the
 * workspace opens (5 minutes); it is shown, not set.
 */
export function SyncSettings() {
  const { sync, workspace } = useOpenSession();
  const status = useSyncStatus(sync, ['rateLimit', 'lastPullAt', 'counted', 'requests', 'paused', 'syncing']);
  const now = useNow(5000);
  const { limit, remaining } = status.rateLimit;
  return (
    <section className="panel form-grid settings-section" aria-labelledby="sync-title">
      <h2 id="sync-title">Sync</h2>
      <p>
        <strong>{workspace.name}</strong> syncs when it opens, when the window gets focus, when the network comes back, after each change, and every 5 minutes.
      </p>
      <dl className="facts">
        <dt>Last full sync</dt>
        <dd>{lastSyncedText(status, now)}</dd>
        <dt>Rate limit</dt>
        <dd>{limit === null ? 'not reported by the service' : `${remaining ?? '?'} of ${limit} requests left in this window`}</dd>
        <dt>Requests this session</dt>
        <dd>{Object.values(status.requests).reduce((sum, n) => sum + n, 0)}</dd>
      </dl>
      <div className="toolbar">
        <Button onPress={() => void sync.syncNow()} isDisabled={status.syncing || status.paused !== null}>
          Sync now
        </Button>
      </div>
    </section>
  );
}
