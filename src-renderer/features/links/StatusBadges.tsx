import { memo } from 'react';
import { Badge, type BadgeTone } from '../../ui/index.ts';
import type { LinkEntry, RowSyncState } from './link-index.ts';

const SYNC_BADGES: Record<RowSyncState, { label: string; tone: BadgeTone; title: string }> = {
  pending: { label: 'Pending sync', tone: 'info', title: 'Saved here; not yet confirmed by the service' },
  unknown: { label: 'Checking', tone: 'warning', title: 'The service may or may not have applied this change; checking' },
  failed: { label: 'Failed', tone: 'danger', title: 'The service refused this change: see Pending changes' },
  conflict: { label: 'Conflict', tone: 'danger', title: 'Changed here and on the service: choose in Pending changes' },
};

interface StatusBadge {
  label: string;
  tone: BadgeTone;
  title?: string;
}

/** A row's badges, most important first: where its sync stands, then what stops it redirecting, then the rest. */
export function statusBadges(entry: LinkEntry, sync: RowSyncState | undefined, pinned: boolean): StatusBadge[] {
  const badges: StatusBadge[] = [];
  if (sync) badges.push(SYNC_BADGES[sync]);
  if (entry.deletedLocally) badges.push({ label: 'Deleting', tone: 'warning' });
  if (entry.expired) badges.push({ label: 'Expired', tone: 'warning' });
  if (entry.enabled === false) badges.push({ label: 'Disabled', tone: 'neutral' });
  if (entry.scheduled) badges.push({ label: 'Scheduled', tone: 'info' });
  if (entry.protected) badges.push({ label: 'Protected', tone: 'neutral' });
  if (pinned) badges.push({ label: 'Pinned', tone: 'neutral' });
  return badges;
}

/**
 * A link's status badges. `shown` limits how many (a list row: they wrap onto a second line rather
 * than clip); the rest are counted in a "+N" that names them.
 */
export const StatusBadges = memo(function StatusBadges(props: { entry: LinkEntry; sync: RowSyncState | undefined; pinned?: boolean; shown?: number }) {
  const badges = statusBadges(props.entry, props.sync, props.pinned ?? false);
  const shown = props.shown ?? badges.length;
  const rest = badges.slice(shown);
  return (
    <span className="badges">
      {badges.slice(0, shown).map((b) => (
        <Badge key={b.label} tone={b.tone} title={b.title}>
          {b.label}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Badge tone="neutral" title={rest.map((b) => b.label).join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="visually-hidden">{rest.map((b) => b.label).join(', ')}</span>
        </Badge>
      )}
    </span>
  );
});
