import { useState } from 'react';
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

/** A list's search, filters, sort and page; changing what is listed goes back to page 1. */
export function useListControls(initial: Partial<ListControls> = {}) {
  const [controls, setControls] = useState<ListControls>({
    search: '',
    enabled: 'all',
    sync: 'all',
    sort: 'created-desc',
    page: 1,
    pageSize: 25,
    ...initial,
  });
  const set = (patch: Partial<ListControls>) => setControls((current) => ({ ...current, page: 1, ...patch }));
  return { controls, set };
}
