// Listing: every page of a resource at 1,000 per page, fetched concurrently within the request
// budget, started over when `total` changes mid-listing.
import { CallError, type ListEnvelope } from '../../src-preload/contract/index.ts';
import { BudgetExhaustedError, type Priority } from './budget.ts';
import { callResource, type SyncContext } from './context.ts';
import type { ServerRow } from './mirror/rows.ts';
import type { ResourceName } from './types.ts';

export const PAGE_SIZE = 1000;
export const MAX_LISTING_RESTARTS = 3;
/** Rate-limit refusals one page of a user-priority listing waits out before the listing fails. */
const MAX_PAGE_REFUSALS = 50;

export class ListingUnstableError extends Error {
  constructor(resource: ResourceName) {
    super(`The ${resource} list kept changing while it was being read; it will be read again later.`);
    this.name = 'ListingUnstableError';
  }
}

export interface Listing {
  rows: ServerRow[];
  total: number;
  pages: number;
  restarts: number;
  /** List requests this listing cost, restarts included. */
  requests: number;
}

/** Reads every page; starts over when `total` changes mid-listing. Rows are deduped by id. */
export async function listAll(ctx: SyncContext, resource: ResourceName, priority: Priority = 'background'): Promise<Listing> {
  let requests = 0;
  const fetchPage = async (page: number): Promise<ListEnvelope<ServerRow>> => {
    for (let refusals = 0; ; refusals++) {
      // The user waits for user-priority listings; background ones give way instead of blocking.
      if (priority === 'user') await ctx.budget.take(priority);
      else if (!ctx.budget.tryTake(priority)) throw new BudgetExhaustedError(ctx.budget.window().resetAt);
      requests++;
      try {
        return (await callResource(ctx, resource, 'list', { page, resultsPerPage: PAGE_SIZE }, priority === 'user' ? 'interactive' : 'background')) as ListEnvelope<ServerRow>;
      } catch (error) {
        // A listing longer than one rate-limit window: the page waits for the window to reopen
        // (take() above) instead of the whole listing starting over, which would never end.
        if (priority === 'user' && error instanceof CallError && error.kind === 'rate-limited' && refusals < MAX_PAGE_REFUSALS) {
          ctx.budget.update({ remaining: 0, resetAt: error.data.resetAt ?? ctx.clock.now() + 60_000 });
          continue;
        }
        throw error;
      }
    }
  };
  for (let restarts = 0; restarts <= MAX_LISTING_RESTARTS; restarts++) {
    const first = await fetchPage(1);
    const total = first.meta.total;
    const pages = Math.max(first.meta.total_pages, Math.ceil(total / PAGE_SIZE), 1);
    const results: ServerRow[][] = [first.data];
    let changed = false;
    let failure: { error: unknown } | null = null;
    let next = 2;
    const worker = async () => {
      // Every worker stops at the first failure, so none is left running after listAll settles.
      while (!changed && !failure && next <= pages) {
        const page = next++;
        try {
          const answer = await fetchPage(page);
          if (answer.meta.total !== total) changed = true;
          results[page - 1] = answer.data;
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    const width = Math.max(1, Math.min(ctx.pageConcurrency, pages - 1, ctx.budget.available(priority)));
    await Promise.all(Array.from({ length: width }, worker));
    if (failure) throw (failure as { error: unknown }).error;
    if (changed) continue;
    const byId = new Map<number, ServerRow>();
    for (const row of results.flat()) byId.set(row.id, row);
    return { rows: [...byId.values()], total, pages, restarts, requests };
  }
  throw new ListingUnstableError(resource);
}
