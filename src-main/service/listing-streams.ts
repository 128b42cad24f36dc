// Listings main reads for a window (#19, the contract's `listing.*` calls): the pages asked for
// are fetched a few at a time through the same path as a `<resource>.list` call (the workspace's
// budget, its write fence, normalising), and handed over in the order they arrive as the window
// asks for them. Main stays a bounded number of pages ahead of the reader, keeps a bounded number
// of listings, and drops one nobody has asked on for a while (a window that went away). A page
// the window said it holds as listed (its hash), listed the same, goes over as its ids alone.
import { randomBytes } from 'node:crypto';
import { CallError, type CallErrorData, type ListingPage, type Priority, type ResourceName, type ResultsPerPage } from '../../src-preload/contract/index.ts';

export interface ListingRequest {
  workspaceId: string;
  priority?: Priority | undefined;
  resource: ResourceName;
  pages: number[];
  resultsPerPage: ResultsPerPage;
  concurrency?: number | undefined;
  /** Hashes of pages the window holds exactly as listed. */
  known?: { page: number; hash: string }[] | undefined;
}

export interface ListingBatch {
  pages: ListingPage[];
  done: boolean;
  failure: { page: number; error: CallErrorData } | null;
}

export interface ListingStreamsOptions {
  /**
   * One page, as the `<resource>.list` call reads it; only its ids when its rows hash as `known`
   * (the window's copy; unchanged-pages.ts).
   */
  fetchPage(
    resource: ResourceName,
    args: { workspaceId: string; priority: Priority; page: number; resultsPerPage: ResultsPerPage },
    known: string | undefined,
  ): Promise<ListingPage>;
  /** Pages in flight at once, unless the listing asks for fewer or more (at most 8). */
  concurrency?: number;
  /** Pages read and not yet handed over, at most (in flight included). */
  ahead?: number;
  /** Listings kept at once: a new one past this drops the one asked on longest ago. */
  maxOpen?: number;
  /** A listing nobody asked on for this long is dropped. */
  idleMs?: number;
  /**
   * False: pages are read only while a reader waits, and a `next` answers once every page it
   * started is read (all of main's I/O inside a call: the chaos suite's one-call-at-a-time
   * simulation replays from its seed only so). Default true.
   */
  readAhead?: boolean;
}

interface Listing {
  request: ListingRequest;
  queue: number[];
  known: Map<number, string>;
  ready: ListingPage[];
  inFlight: number;
  failure: { page: number; error: CallErrorData } | null;
  wake: (() => void) | null;
  /** The `next` call waiting on it, if any. */
  reader: object | null;
  idle: ReturnType<typeof setTimeout> | undefined;
  touched: number;
}

const errorData = (error: unknown): CallErrorData => (error instanceof CallError ? error.data : { kind: 'internal', message: 'The page could not be read.' });

export function createListingStreams(options: ListingStreamsOptions) {
  const concurrency = options.concurrency ?? 4;
  const ahead = options.ahead ?? 8;
  const maxOpen = options.maxOpen ?? 8;
  const idleMs = options.idleMs ?? 60_000;
  const readAhead = options.readAhead ?? true;
  const open = new Map<string, Listing>();
  let clock = 0;

  const drop = (id: string) => {
    const listing = open.get(id);
    if (!listing) return;
    open.delete(id);
    clearTimeout(listing.idle);
    listing.queue.length = 0;
    listing.wake?.();
  };
  const touch = (id: string, listing: Listing) => {
    listing.touched = ++clock;
    clearTimeout(listing.idle);
    listing.idle = setTimeout(() => drop(id), idleMs);
    listing.idle.unref?.();
  };
  const pump = (id: string, listing: Listing, waiting = false) => {
    if (!readAhead && !waiting) return;
    const width = Math.min(8, listing.request.concurrency ?? concurrency);
    const bound = readAhead ? ahead : width;
    while (
      open.get(id) === listing &&
      !listing.failure &&
      listing.queue.length > 0 &&
      listing.inFlight < width &&
      listing.inFlight + listing.ready.length < bound
    ) {
      const page = listing.queue.shift()!;
      listing.inFlight++;
      const { workspaceId, priority, resource, resultsPerPage } = listing.request;
      void options
        .fetchPage(resource, { workspaceId, priority: priority ?? 'interactive', page, resultsPerPage }, listing.known.get(page))
        .then(
          (handed) => {
            if (!listing.failure) listing.ready.push(handed);
          },
          (error: unknown) => {
            // Pages after a failed one are not read: the reader decides what comes next.
            listing.failure ??= { page, error: errorData(error) };
            listing.queue.length = 0;
          },
        )
        .finally(() => {
          listing.inFlight--;
          listing.wake?.();
          pump(id, listing);
        });
    }
  };
  const batch = (id: string, listing: Listing): ListingBatch => {
    // One page an answer: the window takes each in a task of its own (a few pages in one message
    // made one long task of decoding and hashing them all).
    const pages = listing.ready.splice(0, 1);
    const done = listing.ready.length === 0 && (listing.failure !== null || (listing.queue.length === 0 && listing.inFlight === 0));
    if (done) drop(id);
    else pump(id, listing);
    return { pages, done, failure: done ? listing.failure : null };
  };

  return {
    start(request: ListingRequest): { listingId: string } {
      if (open.size >= maxOpen) {
        const oldest = [...open].sort(([, a], [, b]) => a.touched - b.touched)[0]!;
        drop(oldest[0]);
      }
      const listingId = randomBytes(18).toString('base64url');
      const listing: Listing = {
        request,
        queue: [...request.pages],
        known: new Map((request.known ?? []).map(({ page, hash }) => [page, hash])),
        ready: [],
        inFlight: 0,
        failure: null,
        wake: null,
        reader: null,
        idle: undefined,
        touched: 0,
      };
      open.set(listingId, listing);
      touch(listingId, listing);
      pump(listingId, listing);
      return { listingId };
    },

    async next(listingId: string): Promise<ListingBatch> {
      const found = open.get(listingId);
      if (!found) throw new CallError({ kind: 'not-found', message: 'That listing is over (or main restarted): list again.' });
      const listing: Listing = found;
      touch(listingId, listing);
      // Without reading ahead: pages read by an earlier call are handed over first.
      const reads = !readAhead && listing.ready.length === 0;
      if (reads) pump(listingId, listing, true);
      const ended = () =>
        open.get(listingId) !== listing ||
        (readAhead
          ? listing.ready.length > 0 || listing.failure !== null || (listing.queue.length === 0 && listing.inFlight === 0)
          : !reads || listing.inFlight === 0);
      // One reader at a time: an earlier call still waiting answers now, with nothing.
      const reader = {};
      listing.reader = reader;
      listing.wake?.();
      while (!ended() && listing.reader === reader) {
        // Not idle while its reader waits on it.
        clearTimeout(listing.idle);
        // A page is in flight whenever one is missing and none is ready, and every read ends
        // (the service client's timeout bounds it): the wait ends with it, on no timer of its own
        // (a timer here would stall a test's virtual clock on real time).
        await new Promise<void>((resolve) => {
          const finish = () => {
            if (listing.wake === finish) listing.wake = null;
            resolve();
          };
          listing.wake = finish;
        });
      }
      if (listing.reader !== reader) return { pages: [], done: false, failure: null };
      listing.reader = null;
      // Stopped, dropped for a newer one, or idle while this call waited: the reader lists again.
      if (open.get(listingId) !== listing) throw new CallError({ kind: 'not-found', message: 'That listing was stopped: list again.' });
      touch(listingId, listing);
      return batch(listingId, listing);
    },

    stop(listingId: string): void {
      drop(listingId);
    },

    /** Listings kept now (tests: the bounds hold). */
    get size(): number {
      return open.size;
    },
  };
}

export type ListingStreams = ReturnType<typeof createListingStreams>;
