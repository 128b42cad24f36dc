// Paging the way the API pages: sizes from the document, pages numbered from 1.
import { RESULTS_PER_PAGE, type ResultsPerPage } from '../../../src-preload/contract/index.ts';

export const PAGE_SIZES = RESULTS_PER_PAGE;
export type PageSize = ResultsPerPage;

export interface PageWindow {
  page: number;
  pageSize: PageSize;
  total: number;
  totalPages: number;
  /** Index of the first item of the page in the whole list. */
  start: number;
  end: number;
}

/** The window of a page over `total` items; a page past the end falls back to the last page. */
export function pageWindow(total: number, page: number, pageSize: PageSize): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const start = (current - 1) * pageSize;
  return { page: current, pageSize, total, totalPages, start, end: Math.min(total, start + pageSize) };
}
