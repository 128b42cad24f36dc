// Listing: every page of a resource at 1,000 per page. Page 1 says how many there are; main reads
// the rest a few at a time within its request budget and hands each over as it arrives (the
// contract's listing.* calls, src-main/service/listing-streams.ts); the pages the mirror already
// holds are asked for alongside page 1 rather than after it. Started over when `total`
// changes mid-listing; a background listing the window cuts short keeps its pages for the next.
// Told the hashes of pages the mirror holds as listed, main hands such a page over, listed the
// same, as its ids and click counts only (`unchanged`: the pull leaves the stored page as it is).
// Main hands each page over as its text with, for a page of links, each link's head
// (contract/listed-page.ts): such a page is kept as its ids and text, and its caller reads heads.
// What page 1 says of the listing's size is held to what the service sent (listing-bounds.ts).
import {
  CallError,
  listedPage,
  type LinkHeads,
  type ListEnvelope,
  type ListingPage,
  type PageText,
  type Priority,
  type UnchangedPage,
} from '../../src-preload/contract/index.ts';
import { BudgetExhaustedError } from './budget.ts';
import { callResource, inWorkspace, type PartialListing, type SyncContext } from './context.ts';
import type { ServerRow } from './mirror/rows.ts';
import type { ResourceName } from './types.ts';
import { dedupedRows, idsOf, type PageRows } from './listed-pages.ts';
import { MAX_LISTING_PAGES, missingPage, pagesOfListing, rowCount, shortPage, type ListingContradictionError } from './listing-bounds.ts';
import { PAGE_SIZE, PageError, streamPages } from './listing-stream.ts';

export { PAGE_SIZE };
export const MAX_LISTING_RESTARTS = 3;
/** How a service may answer a page past the listing's end, when it does not list it empty. */
const PAST_THE_END: ReadonlySet<string> = new Set(['not-found', 'validation']);
/** Rate-limit refusals one page of an interactive listing waits out before the listing fails. */
const MAX_PAGE_REFUSALS = 50;

export class ListingUnstableError extends Error {
  constructor(resource: ResourceName) {
    super(`The ${resource} list kept changing while it was being read; it will be read again later.`);
    this.name = 'ListingUnstableError';
  }
}

export interface Listing {
  /**
   * Every row, one per id (listed-pages.ts dedupedRows), made on first read: pages of links are
   * parsed for it (a links pull reads `pageRows` instead).
   */
  readonly rows: ServerRow[];
  /** The rows page by page, as listed (before deduping). */
  pageRows: (PageRows | undefined)[];
  /** Each page's text hash (listing-hash.ts), taken as the page arrived: no one long task for them all. */
  pageHashes: string[];
  /**
   * Each page's rows as JSON, the text its hash was taken of: a links page stored as listed is
   * stored as this text (mirror/link-rows.ts). Pages an earlier, cut-short attempt read have none.
   */
  pageTexts: (PageText | undefined)[];
  /** Pages listed exactly as the mirror holds them (their hash was `known`): no rows in `pageRows`. */
  unchanged: (UnchangedPage | undefined)[];
  total: number;
  pages: number;
  restarts: number;
  /** List requests this listing cost, restarts included. */
  requests: number;
  /** Whether it went on from pages an earlier, rate-limited attempt had read. */
  resumed: boolean;
}

/**
 * How long pages already read may wait for the rest. 100,000 links at 60 requests a minute take
 * two windows; after this the pieces no longer make one listing (rows may have moved between
 * pages), so it starts over.
 */
export const PARTIAL_LISTING_MAX_AGE_MS = 5 * 60_000;

/**
 * Told of each page as it arrives (0-based index), with its text, that text's hash and, when every
 * row is a link, each link's head (the listing keeps such a page as its ids and text only).
 */
export type OnListedPage = (index: number, text: PageText, hash: string, heads: LinkHeads | undefined) => void;

/**
 * Reads every page; starts over when `total` changes mid-listing. Rows are deduped by id.
 * `onPage` hears of each page as it arrives (again when a restart reads it again).
 */
export async function listAll(
  ctx: SyncContext,
  resource: ResourceName,
  priority: Priority = 'background',
  onPage?: OnListedPage,
  known: ReadonlyMap<number, string> = new Map(),
): Promise<Listing> {
  let requests = 0;
  /**
   * The user waits for interactive listings; background ones give way instead of blocking. Main
   * counts the request; the check and the call stay in one step so pages in flight see its count.
   */
  const waitForRoom = async () => {
    if (ctx.rateWindow.available(priority) > 0) return;
    if (priority === 'background') throw new BudgetExhaustedError(ctx.rateWindow.window().resetAt);
    await ctx.rateWindow.whenOpen(priority);
  };
  /**
   * Main (or the service) refused a page for the rate limit. Returns when the listing goes on:
   * one longer than a window waits for it to reopen (waitForRoom) instead of starting over, which
   * would never end. A background listing stops there, keeping its pages, as when main's last
   * report says the window is spent.
   */
  const onRefused = (error: CallError, refusals: number): void => {
    const resetAt = error.data.resetAt ?? ctx.clock.now() + 60_000;
    ctx.rateWindow.update({ remaining: 0, resetAt });
    if (priority === 'interactive' && refusals < MAX_PAGE_REFUSALS) return;
    if (priority === 'background') throw new BudgetExhaustedError(resetAt);
    throw error;
  };
  const fetchPage = async (page: number): Promise<ListEnvelope<ServerRow>> => {
    for (let refusals = 0; ; refusals++) {
      await waitForRoom();
      requests++;
      try {
        return await callResource(ctx, resource, 'list', {
          ...inWorkspace(ctx, priority),
          page,
          resultsPerPage: PAGE_SIZE,
        });
      } catch (error) {
        if (!(error instanceof CallError && error.kind === 'rate-limited')) throw error;
        onRefused(error, refusals);
      }
    }
  };
  for (let restarts = 0; restarts <= MAX_LISTING_RESTARTS; restarts++) {
    // A listing the rate limit cut short goes on where it stopped (pages already read are kept),
    // unless it is too old to stand for one listing of the service.
    let partial = ctx.partialListings?.get(resource);
    if (partial && ctx.clock.now() - partial.startedAt > PARTIAL_LISTING_MAX_AGE_MS) partial = undefined;
    ctx.partialListings?.delete(resource);
    // Kept for this attempt only: a listing the rate limit cuts short keeps its pages (a page of
    // links handed over as text keeps its text in it), not this list.
    const texts: (PageText | undefined)[] = [];
    /** `onPage` for each page told, under way: all are done before this attempt ends, however it ends. */
    const told: Promise<void>[] = [];
    const allTold = async () => {
      const failed = (await Promise.allSettled(told)).find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    };
    try {
      const results: PageRows[] = partial?.results ?? [];
      const hashes: string[] = partial?.hashes ?? [];
      const unchanged: (UnchangedPage | undefined)[] = partial?.unchanged ?? [];
      /** The total every page must say (page 1's, or the first page's to arrive); null until one has. */
      let total: number | null = partial?.total ?? null;
      /** How many pages there are: known once page 1 is read (0 until then). */
      let pages = partial?.pages ?? 0;
      let changed = false;
      /** Set when a page contradicts the listing's size: the read stops there and the listing fails. */
      let contradiction: ListingContradictionError | null = null;
      /** Page `page` held to page 1's size, once page 1 has said how many pages there are. */
      const check = (page: number) => {
        const held = results[page - 1] ?? unchanged[page - 1];
        if (contradiction || pages === 0 || results[0] === undefined || held === undefined) return;
        contradiction = shortPage(resource, page, rowCount(held), pages, rowCount(results[0]));
      };
      const startedAt = partial?.startedAt ?? ctx.clock.now();
      const progress = (): PartialListing => ({ total: total!, pages, results, hashes, unchanged, startedAt });
      const take = (listed: ListingPage) => {
        const { page } = listed;
        let listedTotal: number;
        if ('unchanged' in listed) {
          delete results[page - 1];
          unchanged[page - 1] = listed.unchanged;
          hashes[page - 1] = listed.unchanged.hash;
          listedTotal = listed.unchanged.meta.total;
        } else {
          // Main's pages come as text with heads; page 1 (a list call) as rows, made so here.
          const { meta, text, ends, hash, heads } = 'listed' in listed ? listed.listed : listedPage(listed.envelope);
          delete unchanged[page - 1];
          const pageText = { text, ends };
          texts[page - 1] = pageText;
          hashes[page - 1] = hash;
          // A page of links main handed over as its ids and text: its rows are decoded only if the
          // pull asks (holding 100,000 decoded reads made a first pull's longest pauses for garbage
          // collection). Page 1's rows came decoded: kept so.
          if ('envelope' in listed) results[page - 1] = listed.envelope.data as ServerRow[];
          else results[page - 1] = heads ? { ids: heads.id, text: pageText } : (JSON.parse(text) as ServerRow[]);
          // The caller hears of it in a task of its own: what it does with a page (the staging's
          // write) and the task that received the page in one were among the pull's longest tasks.
          if (onPage) told.push(ctx.clock.sleep(0).then(() => onPage(page - 1, pageText, hash, heads)));
          listedTotal = meta.total;
        }
        if (total === null) total = listedTotal;
        else if (listedTotal !== total) changed = true;
        check(page);
      };
      /** Set once page 1 has answered (or failed) and the pages read alongside it are no longer all wanted. */
      let earlyOver = false;
      /**
       * Main reads `missing` and hands each page over as it arrives (listing.* calls); a refusal for
       * the rate limit ends that read, and an interactive listing goes on once the window reopens.
       * `early`: the pages are those the mirror holds, asked for alongside page 1 before it said how
       * many there are. Such a read leaves page 1 a slot of the window, stops once `earlyOver`, and
       * leaves a page refused as one past the end would be for when page 1 has told (then it is read
       * again, or no part of the listing); any other failure it answers, for then too (page 0: the
       * read itself), and it ends the listing if that page is part of it.
       */
      const readMissing = async (missing: number[], early = false): Promise<{ page: number; error: unknown } | null> => {
        for (let refusals = 0, lost = 0; !changed && !contradiction && !(early && earlyOver) && missing.length > 0;) {
          await waitForRoom();
          const room = ctx.rateWindow.available(priority) - (early ? 1 : 0);
          if (early && room <= 0) return null;
          const width = Math.max(1, Math.min(ctx.pageConcurrency, missing.length, room));
          try {
            await streamPages(ctx, resource, priority, missing, width, known, (listed) => {
              requests++;
              const { page } = listed;
              const at = missing.indexOf(page);
              if (at >= 0) missing.splice(at, 1);
              take(listed);
              return !changed && !contradiction && !(early && earlyOver);
            });
          } catch (error) {
            if (error instanceof PageError) {
              requests++;
              if (error.cause.kind === 'rate-limited') onRefused(error.cause, refusals++);
              else if (early && PAST_THE_END.has(error.cause.kind) && missing.includes(error.page)) missing.splice(missing.indexOf(error.page), 1);
              else if (early) return { page: error.page, error: error.cause };
              // A page the listing said it has, answered as not there: the listing contradicts itself.
              else if (error.cause.kind === 'not-found' && error.page <= pages) throw missingPage(resource, error.page, pages);
              else throw error.cause;
            } else if (!(error instanceof CallError && error.kind === 'not-found' && ++lost <= MAX_LISTING_RESTARTS)) {
              if (early) return { page: 0, error };
              throw error;
            }
            // (Main lost the listing: it restarted, or dropped it. The pages still missing are read again.)
          }
        }
        return null;
      };
      if (!partial) {
        // Page 1 says how many pages there are. The pages the mirror holds go on the wire with it,
        // not after it (a pull after the first: they are most likely all still there, and unchanged).
        let held = 0;
        for (const page of known.keys()) held = Math.max(held, Math.min(page, MAX_LISTING_PAGES));
        const early = Array.from({ length: Math.max(0, held - 1) }, (_, i) => i + 2);
        // A spent window ends it quietly: the pages it did not bring are read below, and meet the window there.
        const alongside = early.length > 0 ? readMissing(early, true).catch(() => null) : null;
        let first: ListEnvelope<ServerRow>;
        try {
          first = await fetchPage(1);
        } catch (error) {
          // The listing ends with page 1's error, once the pages on their way alongside are in.
          earlyOver = true;
          await alongside;
          throw error;
        }
        // Page 1 too: its text and hash made in a task of their own, not the one that decoded its answer.
        await ctx.clock.sleep(0);
        take({ page: 1, envelope: first });
        try {
          pages = pagesOfListing(resource, first.meta, first.data.length, PAGE_SIZE);
        } catch (error) {
          earlyOver = true;
          await alongside;
          throw error;
        }
        // Fewer pages than the mirror held (fewer links now): the read alongside stops at its next page.
        if (pages < held) earlyOver = true;
        const failed = await alongside;
        if (failed && !changed && failed.page <= pages) throw failed.error;
        // Pages the mirror held past the listing's end are no part of it.
        for (const list of [results, unchanged, hashes, texts]) if (list.length > pages) list.length = pages;
        // Pages read alongside, held to page 1's size now that it is known.
        for (let page = 2; page < pages; page++) check(page);
      }
      const missing: number[] = [];
      for (let page = 2; page <= pages; page++) if (results[page - 1] === undefined && unchanged[page - 1] === undefined) missing.push(page);
      let failure: { error: unknown } | null = null;
      if (!changed) {
        try {
          await readMissing(missing);
        } catch (error) {
          failure = { error };
        }
      }
      if (changed) continue;
      if (contradiction) throw contradiction;
      if (failure) {
        // Background listings stop at a spent window: keep what was read for the next attempt.
        if (failure.error instanceof BudgetExhaustedError) ctx.partialListings?.set(resource, progress());
        throw failure.error;
      }
      // Every page told first: the last page's caller may yet be writing it.
      await allTold();
      // One entry per page (an unchanged page is a hole in `results`; the last one too must count).
      // A page of links an earlier attempt read still has its text.
      const pageRows = Array.from({ length: pages }, (_, i) => results[i]);
      let rows: ServerRow[] | undefined;
      return {
        get rows() {
          return (rows ??= dedupedRows(pageRows));
        },
        pageRows,
        pageHashes: hashes,
        pageTexts: pageRows.map((page, i) => texts[i] ?? (page && !Array.isArray(page) ? page.text : undefined)),
        unchanged: Array.from({ length: pages }, (_, i) => unchanged[i]),
        total: total!, // (page 1 was read, now or by the attempt this one goes on from)
        pages,
        restarts,
        requests,
        resumed: partial !== undefined,
      };
    } finally {
      // However the attempt ends, the caller has heard of every page it read before the next begins.
      await Promise.allSettled(told);
    }
  }
  throw new ListingUnstableError(resource);
}

/**
 * The push wrote between two windows of a listing cut short: pages read before would put back
 * the row's old values. An update's page is read again; a create or delete changes the pages'
 * boundaries, so the listing starts over.
 */
export function invalidatePartialListing(ctx: SyncContext, resource: ResourceName, updatedServerId: number | null): void {
  const partial = ctx.partialListings?.get(resource);
  if (!partial) return;
  if (updatedServerId === null) {
    ctx.partialListings!.delete(resource);
    return;
  }
  const index = Math.max(
    partial.results.findIndex((page) => page !== undefined && idsOf(page).includes(updatedServerId)),
    partial.unchanged.findIndex((page) => page?.ids.includes(updatedServerId)),
  );
  // Page 1 is never a hole (it tells the total): read it again by starting over.
  if (index === 0) ctx.partialListings!.delete(resource);
  else if (index > 0) {
    delete partial.results[index];
    delete partial.unchanged[index];
    delete partial.hashes[index];
  }
}
