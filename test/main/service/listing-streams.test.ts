// Listings main reads for a window: pages in flight and read ahead stay bounded, each page is
// handed over once, one an answer, in the order it arrived, a failure ends the listing at that page, and a
// listing that is stopped, idle, or pushed out by newer ones answers "list again".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError, type ListEnvelope, type ListingPage } from '../../../src-preload/contract/index.ts';
import { createListingStreams, type ListingStreamsOptions } from '../../../src-main/service/listing-streams.ts';

const envelope = (page: number): ListEnvelope<unknown> => ({
  data: [{ id: page }],
  meta: { page, results_per_page: 1000, total: 10_000, total_pages: 10 },
  links: { first: 'https://s.example/1', last: 'https://s.example/10', next: null, prev: null, self: `https://s.example/${page}` },
});

/** A service whose pages answer when the test says so. */
function slowService() {
  const waiting = new Map<number, { resolve: (value: ListingPage) => void; reject: (error: unknown) => void }>();
  let inFlight = 0;
  let maxInFlight = 0;
  const asked: number[] = [];
  const fetchPage: ListingStreamsOptions['fetchPage'] = (_resource, args) => {
    asked.push(args.page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise((resolve, reject) => {
      waiting.set(args.page, {
        resolve: (value) => {
          inFlight--;
          resolve(value);
        },
        reject: (error) => {
          inFlight--;
          reject(error);
        },
      });
    });
  };
  // A few microtask turns: the page's answer, then main's bookkeeping after it (fake timers or not).
  const settle = async () => {
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  };
  return {
    fetchPage,
    asked,
    maxInFlight: () => maxInFlight,
    async answer(page: number) {
      waiting.get(page)!.resolve({ page, envelope: envelope(page) });
      waiting.delete(page);
      await settle();
    },
    async fail(page: number, error: Error) {
      waiting.get(page)!.reject(error);
      waiting.delete(page);
      await settle();
    },
  };
}

const request = (pages: number[], concurrency?: number) => ({
  workspaceId: 'ws',
  priority: 'background' as const,
  resource: 'links' as const,
  pages,
  resultsPerPage: 1000 as const,
  ...(concurrency ? { concurrency } : {}),
});

afterEach(() => vi.useRealTimers());

describe('listings main reads for a window', () => {
  it('reads a few pages at once and a bounded number ahead, handing each over once in the order it arrived', async () => {
    const service = slowService();
    const streams = createListingStreams({ fetchPage: service.fetchPage, concurrency: 3, ahead: 4 });
    const { listingId } = streams.start(request([2, 3, 4, 5, 6, 7, 8]));
    expect(service.asked).toEqual([2, 3, 4]);
    await service.answer(3);
    await service.answer(2);
    // Two read and not handed over, two in flight: four pages ahead of the reader, main waits.
    expect(service.asked).toEqual([2, 3, 4, 5]);
    await service.answer(4);
    expect(service.asked).toEqual([2, 3, 4, 5]);
    // One page an answer, the oldest first.
    const handed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const batch = await streams.next(listingId);
      expect(batch).toMatchObject({ done: false, failure: null });
      handed.push(...batch.pages.map((p) => p.page));
    }
    expect(handed).toEqual([3, 2, 4]);
    // Handed over: three in flight again (5 and two more).
    expect(service.asked).toEqual([2, 3, 4, 5, 6, 7]);
    for (const page of [5, 6, 7, 8]) await service.answer(page);
    const rest = [];
    for (let i = 0; i < 4; i++) rest.push(await streams.next(listingId));
    expect(rest.map((batch) => batch.pages.map((p) => p.page))).toEqual([[5], [6], [7], [8]]);
    expect(rest[0]!.pages[0]).toEqual({ page: 5, envelope: envelope(5) });
    expect(rest.map((batch) => batch.done)).toEqual([false, false, false, true]);
    expect(service.maxInFlight()).toBe(3);
    expect(streams.size).toBe(0);
    await expect(streams.next(listingId)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('waits for the next page when none is ready, however long its read takes', async () => {
    vi.useFakeTimers();
    const service = slowService();
    const streams = createListingStreams({ fetchPage: service.fetchPage });
    const { listingId } = streams.start(request([2, 3]));
    const waiting = streams.next(listingId);
    await vi.advanceTimersByTimeAsync(600_000);
    await service.answer(3);
    expect((await waiting).pages.map((p) => p.page)).toEqual([3]);
    // A second call of the same reader while one waits: the first answers at once, with none.
    const first = streams.next(listingId);
    const second = streams.next(listingId);
    expect(await first).toEqual({ pages: [], done: false, failure: null });
    await service.answer(2);
    expect(await second).toMatchObject({ pages: [{ page: 2 }], done: true });
  });

  it('ends at a page the service refused: pages before it are handed over, none after it is read', async () => {
    const service = slowService();
    const streams = createListingStreams({ fetchPage: service.fetchPage, concurrency: 2 });
    const { listingId } = streams.start(request([2, 3, 4, 5]));
    await service.answer(2);
    await service.fail(3, new CallError({ kind: 'rate-limited', message: 'The window is spent.', resetAt: 123 }));
    await service.answer(4);
    const batch = await streams.next(listingId);
    expect(batch.pages.map((p) => p.page)).toEqual([2]);
    expect(batch.done).toBe(true);
    expect(batch.failure).toEqual({ page: 3, error: { kind: 'rate-limited', message: 'The window is spent.', resetAt: 123 } });
    expect(streams.size).toBe(0);
    expect(service.asked).toEqual([2, 3, 4]);
    // An error that is not the contract's says nothing of what it was.
    const { listingId: other } = streams.start(request([9]));
    await service.fail(9, new Error('socket hang up at 10.0.0.1 with key abc'));
    expect((await streams.next(other)).failure).toEqual({ page: 9, error: { kind: 'internal', message: 'The page could not be read.' } });
  });

  it('stops reading a stopped listing, drops one nobody asks on, and keeps a bounded number', async () => {
    vi.useFakeTimers();
    const service = slowService();
    const streams = createListingStreams({ fetchPage: service.fetchPage, concurrency: 1, idleMs: 5000, maxOpen: 2 });
    const a = streams.start(request([2, 3, 4]));
    streams.stop(a.listingId);
    await service.answer(2);
    expect(service.asked).toEqual([2]);
    await expect(streams.next(a.listingId)).rejects.toMatchObject({ kind: 'not-found' });

    const b = streams.start(request([10, 11]));
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams.size).toBe(0);
    await expect(streams.next(b.listingId)).rejects.toMatchObject({ kind: 'not-found' });

    const c = streams.start(request([20]));
    streams.start(request([30]));
    streams.start(request([40]));
    expect(streams.size).toBe(2);
    await expect(streams.next(c.listingId)).rejects.toMatchObject({ kind: 'not-found' });
    // A reader waiting on a listing that is dropped hears so.
    const d = streams.start(request([50]));
    const waiting = streams.next(d.listingId);
    streams.stop(d.listingId);
    await expect(waiting).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('without reading ahead, reads only while a reader waits and answers once all it started are read', async () => {
    const service = slowService();
    const streams = createListingStreams({ fetchPage: service.fetchPage, concurrency: 2, readAhead: false });
    const { listingId } = streams.start(request([2, 3, 4]));
    expect(service.asked).toEqual([]);
    const batch = streams.next(listingId);
    expect(service.asked).toEqual([2, 3]);
    await service.answer(3);
    await service.answer(2);
    expect(await batch).toEqual({ pages: [expect.objectContaining({ page: 3 })], done: false, failure: null });
    expect(await streams.next(listingId)).toEqual({ pages: [expect.objectContaining({ page: 2 })], done: false, failure: null });
    // Nothing read between calls.
    expect(service.asked).toEqual([2, 3]);
    const last = streams.next(listingId);
    await service.answer(4);
    expect(await last).toMatchObject({ pages: [{ page: 4 }], done: true });
  });

  it('names each listing unguessably', () => {
    const streams = createListingStreams({ fetchPage: () => new Promise(() => undefined), maxOpen: 100 });
    const ids = new Set(Array.from({ length: 50 }, () => streams.start(request([2])).listingId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
