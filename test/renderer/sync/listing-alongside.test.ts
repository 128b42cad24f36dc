// A pull after the first: the pages the mirror holds go on the wire with page 1, not after it
// (#19, second pull). Page 1 still decides how many pages the listing has: pages the mirror held
// past the end are not part of it (whether the service lists them empty or refuses them), pages
// past what the mirror held are read after page 1, and any other failure of a page ends the
// listing as it did.
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../../src-preload/contract/index.ts';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { harness, type Harness } from './helpers.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

/** 2,500 links pulled once: the mirror holds 3 pages. (A link leaves the mirror once two listings in a row lack it.) */
async function pulledOnce(): Promise<Harness> {
  const harnessed = harness();
  for (let i = 0; i < 2500; i++) harnessed.service.seedLink();
  await pullResource(harnessed.ctx, 'links');
  return harnessed;
}

const listedPages = (harnessed: Harness, from: number) =>
  harnessed.service.calls
    .slice(from)
    .filter((call) => call.name === 'links.list')
    .map((call) => call.input.page as number)
    .sort((a, b) => a - b);

async function mirrorMatchesService(harnessed: Harness): Promise<void> {
  const mirrored = (await linkRows(harnessed.db).toArray()).map((row) => row.serverId).sort((a, b) => a! - b!);
  expect(mirrored).toEqual([...harnessed.service.rows.links.keys()].sort((a, b) => a - b));
}

describe('a listing the mirror has held before', () => {
  it('asks for the pages the mirror holds while page 1 is still on its way', async () => {
    h = await pulledOnce();
    // Page 1's answer waits until main was asked for the others (or 2 s, and the test fails).
    const api = h.ctx.api;
    let startedBeforePageOne: boolean | null = null;
    let started: () => void = () => undefined;
    const startedNow = new Promise<void>((resolve) => (started = resolve));
    const gated: ContractApi = {
      ...api,
      call: (async (name: CallName, input: Record<string, unknown>) => {
        if (name === 'listing.start') started();
        if (name === 'links.list' && input.page === 1) {
          startedBeforePageOne = await Promise.race([startedNow.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 2000))]);
        }
        return api.call(name as never, input as never);
      }) as ContractApi['call'],
    };
    h.ctx = { ...h.ctx, api: gated };
    const before = h.service.unchangedPages;
    await pullResource(h.ctx, 'links');
    expect(startedBeforePageOne).toBe(true);
    // Pages 2 and 3 came over as their ids only, as before.
    expect(h.service.unchangedPages - before).toBe(2);
    await mirrorMatchesService(h);
  });

  it('leaves out pages past the end when the service lists them empty', async () => {
    h = await pulledOnce();
    [...h.service.rows.links.keys()].slice(0, 600).forEach((id) => h!.service.rows.links.delete(id));
    const from = h.service.calls.length;
    const result = await pullResource(h.ctx, 'links');
    // Page 3 was asked for on the mirror's word, and is no part of the listing of 2 pages.
    expect(listedPages(h, from)).toEqual([1, 2, 3]);
    expect(result.listed).toBe(1900);
    // The next pull holds 2 pages, and asks for those only; the links gone from two listings go.
    const next = h.service.calls.length;
    await pullResource(h.ctx, 'links');
    expect(listedPages(h, next)).toEqual([1, 2]);
    await mirrorMatchesService(h);
  });

  it.each([
    { answer: 'a refusal as not found', deleted: 600, error: { kind: 'not-found' as const, message: 'No such page', status: 404 } },
    { answer: 'a server error', deleted: 1600, error: { kind: 'server' as const, message: 'Bad gateway', status: 502 } },
  ])('is not ended by $answer for a page past the end', async ({ deleted, error }) => {
    h = await pulledOnce();
    [...h.service.rows.links.keys()].slice(0, deleted).forEach((id) => h!.service.rows.links.delete(id));
    h.service.fail({ match: (name, input) => name === 'links.list' && input.page === 3, error });
    expect((await pullResource(h.ctx, 'links')).listed).toBe(2500 - deleted);
    await pullResource(h.ctx, 'links');
    await mirrorMatchesService(h);
  });

  it('reads a page refused on the mirror’s word again once page 1 says it is there, and fails if it is refused again', async () => {
    h = await pulledOnce();
    const refused = { kind: 'validation' as const, message: 'Try again', status: 422 };
    h.service.fail({ match: (name, input) => name === 'links.list' && input.page === 2, error: refused });
    const from = h.service.calls.length;
    await pullResource(h.ctx, 'links');
    expect(listedPages(h, from)).toEqual([1, 2, 2, 3]);
    await mirrorMatchesService(h);

    h.service.fail({ match: (name, input) => name === 'links.list' && input.page === 2, error: refused, times: 2 });
    await expect(pullResource(h.ctx, 'links')).rejects.toMatchObject({ kind: 'validation' });
  });

  it('reads the pages past those the mirror holds once page 1 says there are more', async () => {
    h = await pulledOnce();
    for (let i = 0; i < 1200; i++) h.service.seedLink();
    const from = h.service.calls.length;
    const result = await pullResource(h.ctx, 'links');
    expect(listedPages(h, from)).toEqual([1, 2, 3, 4]);
    expect(result.listed).toBe(3700);
    await mirrorMatchesService(h);
  });

  it('ends with the error of a page the mirror holds that could not be read for another reason', async () => {
    h = await pulledOnce();
    const before = await linkRows(h.db).count();
    h.service.fail({ match: (name, input) => name === 'links.list' && input.page === 3, error: { kind: 'server', message: 'Bad gateway', status: 502 } });
    await expect(pullResource(h.ctx, 'links')).rejects.toMatchObject({ kind: 'server' });
    expect(await linkRows(h.db).count()).toBe(before);
  });
});
