import { useRememberedState } from '../session/remembered-state.ts';
import type { PageSize } from '../ui/list/index.ts';
import type { EnabledFilter, SortOrder, SyncFilter } from './resource-query.ts';

export interface ListControls {
  search: string;
  enabled: EnabledFilter;
  sync: SyncFilter;
  sort: SortOrder;
  page: number;
  pageSize: PageSize;
}

const DEFAULT_CONTROLS: ListControls = { search: '', enabled: 'all', sync: 'all', sort: 'created-desc', page: 1, pageSize: 25 };

/**
 * A list's search, filters, sort and page, kept under `key` (workspace and list) while the app
 * runs; changing what is listed goes back to page 1.
 */
export function useListControls(key: string) {
  const [controls, setControls] = useRememberedState<ListControls>(key, DEFAULT_CONTROLS);
  const set = (patch: Partial<ListControls>) => setControls((current) => ({ ...current, page: 1, ...patch }));
  return { controls, set };
}
