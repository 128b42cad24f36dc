// Each workspace syncs whether it is on screen or not (sync/workspace-syncs.ts): its row says how
// that goes — reachable or not, what waits to go out, what needs attention — and whether the
// service refused its key, from that workspace's own engine.
import { useSyncStatusOrNull } from '../../session/workspace-session.tsx';
import type { WorkspaceSync } from '../../sync/index.ts';
import { Badge } from '../../ui/index.ts';
import { timeAgo } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One workspace's sync in words, from its own engine; `sync` is null until its sync has opened. */
export function useWorkspaceSyncSummary(sync: WorkspaceSync | null): { refused: boolean; offline: boolean; line: string } {
  const status = useSyncStatusOrNull(sync, [
    'paused',
    'syncing',
    'connection',
    'lastError',
    'pullError',
    'lastPullAt',
    'counted',
    'pendingCount',
    'failures',
    'conflicts',
  ]);
  const now = useNow();
  const refused = status?.paused != null;
  const parts: string[] = [];
  if (!status) parts.push('Not synced yet');
  else if (!refused) {
    if (status.syncing) parts.push('Syncing…');
    else if (status.connection === 'offline') parts.push(`Offline: ${status.lastError ?? 'the service does not answer'}`);
    else if (status.connection === 'unknown') parts.push(status.counted && status.lastPullAt === null ? 'Not synced yet' : 'Connecting…');
    else parts.push(status.lastPullAt === null ? 'Online, first sync not finished' : `Synced ${timeAgo(status.lastPullAt, now)}`);
    // A pull that failed for what the service sent (a listing that does not add up): said in its words.
    if (status.pullError !== null && !status.syncing && status.connection !== 'offline') parts.push(`Last sync failed: ${status.pullError}`);
    if (status.pendingCount > 0) parts.push(`${plural(status.pendingCount, 'change', 'changes')} waiting to go out`);
    const attention = status.failures.length + status.conflicts.length;
    if (attention > 0) parts.push(`${plural(attention, 'change needs', 'changes need')} attention`);
  } else
    parts.push(
      status.pendingCount > 0
        ? `Not syncing: ${plural(status.pendingCount, 'change', 'changes')} waiting for a new key`
        : 'Not syncing until a new key is entered',
    );
  return { refused, offline: status?.connection === 'offline' && !refused, line: parts.join(' · ') };
}

/** Stored, missing, or refused by the service (then red, whatever is stored). */
export function WorkspaceKeyBadge({ hasKey, refused }: { hasKey: boolean; refused: boolean }) {
  if (refused) return <Badge tone="danger">Key refused</Badge>;
  return <Badge tone={hasKey ? 'success' : 'warning'}>{hasKey ? 'Key stored' : 'No key'}</Badge>;
}

/** The sync line under a workspace's name. */
export function WorkspaceSyncLine({ summary }: { summary: { offline: boolean; line: string } }) {
  return <span className={`workspace-sync${summary.offline ? ' workspace-sync-offline' : ''}`}>{summary.line}</span>;
}
