import { memo } from 'react';
import { Badge } from '../../ui/index.ts';
import type { LinkEntry, RowSyncState } from './link-index.ts';

const SYNC_BADGES: Record<RowSyncState, { label: string; tone: 'info' | 'warning' | 'danger'; title: string }> = {
  pending: { label: 'Pending sync', tone: 'info', title: 'Saved here; not yet confirmed by the service' },
  unknown: { label: 'Checking', tone: 'warning', title: 'The service may or may not have applied this change; checking' },
  failed: { label: 'Failed', tone: 'danger', title: 'The service refused this change: see Pending changes' },
  conflict: { label: 'Conflict', tone: 'danger', title: 'Changed here and on the service: choose in Pending changes' },
};

/** The status badges of a link row: scheduled, protected, expired, disabled, and where its sync stands. */
export const StatusBadges = memo(function StatusBadges({ entry, sync, pinned }: { entry: LinkEntry; sync: RowSyncState | undefined; pinned?: boolean }) {
  const badge = sync ? SYNC_BADGES[sync] : null;
  return (
    <span className="badges">
      {pinned && <Badge tone="neutral">Pinned</Badge>}
      {entry.deletedLocally && <Badge tone="warning">Deleting</Badge>}
      {!entry.enabled && <Badge tone="neutral">Disabled</Badge>}
      {entry.scheduled && <Badge tone="info">Scheduled</Badge>}
      {entry.protected && <Badge tone="neutral">Protected</Badge>}
      {entry.expired && <Badge tone="warning">Expired</Badge>}
      {badge && (
        <Badge tone={badge.tone} title={badge.title}>
          {badge.label}
        </Badge>
      )}
    </span>
  );
});
