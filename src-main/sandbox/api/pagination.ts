// Pagination query and the list envelope. results_per_page outside the allowed set and a page
// that is not a positive integer are refused with 400 (real deployments fall back silently;
// a refusal shows a client bug at once).
import { DEFAULT_PAGE, DEFAULT_RESULTS_PER_PAGE, RESULTS_PER_PAGE } from '../../../src-preload/contract/api-rules.ts';
import type { PageRequest } from '../storage/page.ts';
import { ApiError } from './errors.ts';

const MAX_PAGE = 1_000_000_000;

export function readPageQuery(query: unknown): PageRequest {
  const params = (query ?? {}) as Record<string, unknown>;
  const page = readInteger(params.page, 'page', DEFAULT_PAGE);
  const perPage = readInteger(params.results_per_page, 'results_per_page', DEFAULT_RESULTS_PER_PAGE);
  if (page < 1 || page > MAX_PAGE) throw new ApiError(400, `page must be a whole number from 1 to ${MAX_PAGE}`);
  if (!(RESULTS_PER_PAGE as readonly number[]).includes(perPage)) {
    throw new ApiError(400, `results_per_page must be one of ${RESULTS_PER_PAGE.join(', ')}`);
  }
  return { page, perPage };
}

function readInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) {
    throw new ApiError(400, `${name} must be a whole number`);
  }
  return Number(value);
}

export interface ListEnvelope<T> {
  data: T[];
  meta: { page: number; results_per_page: number; total: number; total_pages: number };
  links: { first: string; last: string; next: string | null; prev: string | null; self: string };
}

/** Links take the document's form {base_url}/api/<collection>?page=<n> (without results_per_page). */
export function envelope<T>(baseUrl: string, collection: string, request: PageRequest, data: T[], total: number): ListEnvelope<T> {
  const totalPages = Math.ceil(total / request.perPage);
  const pageUrl = (page: number) => `${baseUrl}api/${collection}?page=${page}`;
  const lastPage = Math.max(totalPages, 1);
  return {
    data,
    meta: { page: request.page, results_per_page: request.perPage, total, total_pages: totalPages },
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      next: request.page < totalPages ? pageUrl(request.page + 1) : null,
      prev: request.page > 1 ? pageUrl(Math.min(request.page - 1, lastPage)) : null,
      self: pageUrl(request.page),
    },
  };
}

/** An id from the path; anything else names no resource (404, like an id of another account). */
export function readId(value: unknown, notFound: string): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new ApiError(404, notFound);
  }
  return Number(value);
}
