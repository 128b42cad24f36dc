// A hostile service's sizes against the real pull path (issue #36 item 6): main's router and client,
// the renderer's engine, a service on 127.0.0.1 that lies about its links list. A `total` of 10^15
// made the pull build every page number it claimed in one loop (1–2 GB, the window frozen, on every
// sync). Every claim is now held to what was received: a listing that contradicts itself ends with
// a plain error on the workspace, after a bounded number of page requests, and the mirror keeps
// what it had. The claims that used to take the whole heap run in a worker with a small one, so
// the old code fails there (out of memory) instead of taking the test run with it.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { honest, rawLinks, startHostileService, syncWorkspace, type HostileService, type LinksAnswer, type SyncOutcome } from '../support/hostile-listing.ts';

let service: HostileService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
});

/** One sync in a worker whose heap cannot grow past 192 MB: it answers, or fails with why. */
function syncInWorker(url: string, key: string): Promise<SyncOutcome> {
  const worker = new Worker(new URL('./hostile-listing.worker.ts', import.meta.url), {
    workerData: { url, key },
    resourceLimits: { maxOldGenerationSizeMb: 192 },
  });
  return new Promise<SyncOutcome>((resolve, reject) => {
    worker.once('message', (outcome: SyncOutcome) => resolve(outcome));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the sync's worker exited (${code}) without an answer`)));
  }).finally(() => void worker.terminate());
}

const page1 = (meta: Record<string, unknown>, rows = 1000): LinksAnswer => {
  const links = rawLinks(rows);
  return (page) =>
    page === 1 ? { data: links, meta: { page: 1, results_per_page: 1000, ...meta } } : { data: [], meta: { page, results_per_page: 1000, ...meta } };
};

describe('a links list whose sizes cannot be true', () => {
  const lies: [string, LinksAnswer][] = [
    ['a total of 10^15 links (and as many pages)', page1({ total: 1e15, total_pages: 1e12 })],
    ['a total of 10^15 links, total_pages left out', page1({ total: 1e15 })],
    ['3 links on 10^15 pages', page1({ total: 3, total_pages: 1e15 }, 3)],
    ['an empty page 1 that says there are 10^15 links', page1({ total: 1e15, total_pages: 1e12 }, 0)],
  ];
  for (const [name, answer] of lies) {
    it(`${name}: a plain error on the workspace after page 1 alone`, async () => {
      service = await startHostileService(answer);
      const outcome = await syncInWorker(service.url, service.key);
      expect(outcome.pulled).toBe(false);
      expect(outcome.pullError).toMatch(/^The service’s links list does not add up: .+\. Nothing of it was applied; Linkdock will try again\.$/);
      // Page 1 said it all: no page it claimed was asked for.
      expect(service.linkPages).toEqual([1]);
    });
  }
});

describe('a links list that claims pages it does not have', () => {
  it('stops at the first page short of rows, keeps what the mirror had, and syncs again once the list adds up', async () => {
    const links = rawLinks(1000);
    service = await startHostileService(honest(links.slice(0, 3)));
    const hostile = service;
    const outcome = await syncWorkspace(hostile.url, hostile.key, 3, async (step) => {
      hostile.linkPages.length = 0;
      // The first sync is honest; the second is told of 1,500,000 links with one page of them; the third honest again.
      if (step === 1) hostile.answer = page1({ total: 1_500_000, total_pages: 1500 });
      if (step === 2) hostile.answer = honest(links.slice(0, 3));
    });
    expect(outcome.mirrored).toEqual([3, 3, 3]);
    expect(outcome.pulled).toBe(true);
    expect(outcome.pullError).toBeNull();
  });

  it('ends with a plain error after a bounded number of page requests, not one per page claimed', async () => {
    service = await startHostileService(page1({ total: 1_500_000, total_pages: 1500 }));
    const outcome = await syncWorkspace(service.url, service.key);
    expect(outcome.pullError).toBe(
      'The service’s links list does not add up: page 2 of 1,500 holds 0 links, page 1 holds 1,000. Nothing of it was applied; Linkdock will try again.',
    );
    expect(outcome.mirrored).toEqual([0]);
    // Page 1, then at most the pages main reads ahead (8) and has in flight when the short one arrives.
    expect(service.linkPages.length).toBeLessThanOrEqual(1 + 8 + 8);
  });

  it('a page in the middle short of rows, or refused as not there, ends the listing the same way', async () => {
    const links = rawLinks(5000);
    const short: LinksAnswer = (page) => {
      const answer = honest(links)(page);
      return page === 3 && 'data' in answer ? { ...answer, data: answer.data.slice(0, 10) } : answer;
    };
    service = await startHostileService(short);
    expect((await syncWorkspace(service.url, service.key)).pullError).toMatch(/: page 3 of 5 holds 10 links, page 1 holds 1,000\./);
    service.answer = (page) => (page === 4 ? { status: 404, body: { errors: [{ title: 'Not found' }] } } : honest(links)(page));
    expect((await syncWorkspace(service.url, service.key)).pullError).toMatch(/: it says there are 5 pages, but page 4 is not there\./);
  });
});
