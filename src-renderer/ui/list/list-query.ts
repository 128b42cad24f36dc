// Search, filter, sort and page a list held in memory, the way the API pages: the screens keep a
// compact array of items and render only the requested page.
import { pageWindow, type PageSize, type PageWindow } from './paging.ts';

export interface ListQuery<T> {
  /** Trimmed, case-insensitive; empty matches everything. */
  search: string;
  /** The lower-cased text the search looks in. */
  searchText: (item: T) => string;
  filter?: (item: T) => boolean;
  compare: (a: T, b: T) => number;
  page: number;
  pageSize: PageSize;
}

export interface ListResult<T> {
  rows: T[];
  window: PageWindow;
}

export function runListQuery<T>(items: readonly T[], query: ListQuery<T>): ListResult<T> {
  const needle = query.search.trim().toLowerCase();
  const matched = items.filter((item) => (!query.filter || query.filter(item)) && (needle === '' || query.searchText(item).includes(needle)));
  matched.sort(query.compare);
  const window = pageWindow(matched.length, query.page, query.pageSize);
  return { rows: matched.slice(window.start, window.end), window };
}

/** Compares strings for a list sorted by name: case- and accent-insensitive, numbers in order. */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
export const compareText = (a: string, b: string): number => collator.compare(a, b);
