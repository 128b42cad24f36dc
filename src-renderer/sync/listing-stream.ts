// One read of a listing's pages by main (the contract's listing.* calls, src-main/service/listing-streams.ts):
// each page handed over as it arrives, in a task of its own; a page main could not read ends it.
import { CallError, type ListingPage, type Priority } from '../../src-preload/contract/index.ts';
import { inWorkspace, type SyncContext } from './context.ts';
import type { ResourceName } from './types.ts';

/** Rows asked for a page: the most the service takes. */
export const PAGE_SIZE = 1000;

/** A page main could not read for a listing: the service's (or main's) answer for it. */
export class PageError extends Error {
  override readonly cause: CallError;
  readonly page: number;
  constructor(page: number, cause: CallError) {
    super(cause.message);
    this.page = page;
    this.name = 'PageError';
    this.cause = cause;
  }
}

/**
 * Has main read `pages` (`width` at a time) and hands each to `onPage` as it arrives; `onPage`
 * returning false ends the read there. Throws PageError for a page main could not read (pages
 * handed over before it stay handed over), or the call's own error.
 */
export async function streamPages(
  ctx: SyncContext,
  resource: ResourceName,
  priority: Priority,
  pages: readonly number[],
  width: number,
  known: ReadonlyMap<number, string>,
  onPage: (listed: ListingPage) => boolean,
): Promise<void> {
  const hashes = pages.flatMap((page) => {
    const hash = known.get(page);
    return hash === undefined ? [] : [{ page, hash }];
  });
  const { listingId } = await ctx.api.call('listing.start', {
    ...inWorkspace(ctx, priority),
    resource,
    pages: [...pages],
    resultsPerPage: PAGE_SIZE,
    concurrency: Math.min(8, width),
    ...(hashes.length > 0 ? { known: hashes } : {}),
  });
  let over = false;
  try {
    while (!over) {
      const batch = await ctx.api.call('listing.next', { listingId });
      over = batch.done;
      // The answer was decoded in the task that received it: a page's text and hash go in a task
      // of their own (both in one were the pull's longest tasks). The engine's clock: the chaos
      // suite's virtual one runs it in order.
      if (batch.pages.length > 0) await ctx.clock.sleep(0);
      for (const listed of batch.pages) {
        if (!onPage(listed)) return;
      }
      if (batch.failure) throw new PageError(batch.failure.page, new CallError(batch.failure.error));
    }
  } finally {
    // Left before its end: main reads no more of it (an answer lost on the way is no matter).
    if (!over) void ctx.api.call('listing.stop', { listingId }).catch(() => undefined);
  }
}
