// The filters and sort orders the domain and handler lists share.
import { compareText } from '../ui/list/list-query.ts';
import type { ResourceItem } from './resource-items.ts';

export type EnabledFilter = 'all' | 'enabled' | 'disabled';
export type SyncFilter = 'all' | 'pending' | 'attention' | 'synced';
export type SortOrder = 'created-desc' | 'created-asc' | 'name-asc' | 'name-desc';

export const ENABLED_OPTIONS = [
  { value: 'all', label: 'Any' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const satisfies readonly { value: EnabledFilter; label: string }[];

export const SYNC_OPTIONS = [
  { value: 'all', label: 'Any' },
  { value: 'pending', label: 'Pending sync' },
  { value: 'attention', label: 'Failed or conflict' },
  { value: 'synced', label: 'In sync' },
] as const satisfies readonly { value: SyncFilter; label: string }[];

export function sortOptions(nameLabel: string): { value: SortOrder; label: string }[] {
  return [
    { value: 'created-desc', label: 'Newest first' },
    { value: 'created-asc', label: 'Oldest first' },
    { value: 'name-asc', label: `${nameLabel} A–Z` },
    { value: 'name-desc', label: `${nameLabel} Z–A` },
  ];
}

export function itemFilter(enabled: EnabledFilter, sync: SyncFilter): (item: ResourceItem) => boolean {
  return (item) => {
    if (enabled !== 'all' && (item.view.is_enabled !== false) !== (enabled === 'enabled')) return false;
    if (sync === 'pending') return item.sync !== null && (item.sync.state === 'pending' || item.sync.state === 'sending');
    if (sync === 'attention') return item.sync !== null && item.sync.state !== 'pending' && item.sync.state !== 'sending';
    if (sync === 'synced') return item.sync === null;
    return true;
  };
}

/** Rows not yet created on the service count as the newest. */
const createdKey = (item: ResourceItem) => item.created ?? '9999';

export function itemCompare(sort: SortOrder, nameField: string): (a: ResourceItem, b: ResourceItem) => number {
  const name = (item: ResourceItem) => String(item.view[nameField] ?? '');
  const tie = (a: ResourceItem, b: ResourceItem) => (a.serverId ?? Infinity) - (b.serverId ?? Infinity) || (a.clientId < b.clientId ? -1 : 1);
  switch (sort) {
    case 'created-desc':
      return (a, b) => (createdKey(a) < createdKey(b) ? 1 : createdKey(a) > createdKey(b) ? -1 : -tie(a, b));
    case 'created-asc':
      return (a, b) => (createdKey(a) < createdKey(b) ? -1 : createdKey(a) > createdKey(b) ? 1 : tie(a, b));
    case 'name-asc':
      return (a, b) => compareText(name(a), name(b)) || tie(a, b);
    case 'name-desc':
      return (a, b) => compareText(name(b), name(a)) || tie(a, b);
  }
}
