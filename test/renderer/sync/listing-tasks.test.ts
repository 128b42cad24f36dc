// A listed page's text and hash are made in a task of their own, never in the one that received
// and decoded its answer (#19: both in one task were the pull's longest renderer tasks). The
// engine's clock yields the task; the log shows each answer, each yield and each page taken.
import { describe, expect, it, vi } from 'vitest';
import type { CallName, Link } from '../../../src-preload/contract/index.ts';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { listAll } from '../../../src-renderer/sync/listing.ts';
import { idsOf, isTextPage, rowsOf } from '../../../src-renderer/sync/listed-pages.ts';
import { harness, type Harness } from './helpers.ts';

/** Answers carrying pages, yields of the clock and pages taken, in the order they happen. */
function logged(h: Harness): string[] {
  const log: string[] = [];
  const { api, clock } = h.ctx;
  const call = (async (name: CallName, input: Record<string, unknown>) => {
    const answer = (await api.call(name as never, input as never)) as unknown;
    if (name === 'links.list') log.push(`answer ${String(input.page)}`);
    if (name === 'listing.next') for (const listed of (answer as { pages: { page: number }[] }).pages) log.push(`answer ${listed.page}`);
    return answer;
  }) as ContractApi['call'];
  h.ctx = {
    ...h.ctx,
    api: { ...api, call },
    clock: {
      ...clock,
      sleep: async (ms) => {
        log.push('yield');
        await clock.sleep(ms);
      },
    },
  };
  return log;
}

/** Each page taken, and how many yields came between its answer and it. */
function takenAfterYield(log: readonly string[]): { page: number; yields: number }[] {
  return log.flatMap((entry, at) => {
    if (!entry.startsWith('take ')) return [];
    const page = Number(entry.slice(5));
    const answered = log.lastIndexOf(`answer ${page}`, at);
    return [{ page, yields: answered >= 0 ? log.slice(answered, at).filter((e) => e === 'yield').length : 0 }];
  });
}

describe('a listed page', () => {
  it('is hashed in a task after the one its answer came in, and told in a task after that: page 1 and the pages streamed after it', async () => {
    const h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink();
    const log = logged(h);
    await listAll(h.ctx, 'links', 'background', (index) => {
      log.push(`take ${index + 1}`);
      return false;
    });
    const taken = takenAfterYield(log);
    expect(taken.map((t) => t.page).sort()).toEqual([1, 2, 3]);
    expect(taken.filter((t) => t.yields < 2)).toEqual([]);
    h.db.close();
  });

  it('held by the mirror and listed alongside page 1, likewise', async () => {
    const h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink();
    const first = await listAll(h.ctx, 'links');
    const held = new Map(first.pageHashes.map((hash, i) => [i + 1, hash]));
    // A row of page 3 changed: it comes over whole, and is hashed again; page 2 comes as its ids.
    [...h.service.rows.links.values()].at(-1)!.location_url = 'https://changed.example/';
    const log = logged(h);
    await listAll(
      h.ctx,
      'links',
      'background',
      (index) => {
        log.push(`take ${index + 1}`);
        return false;
      },
      held,
    );
    expect(log.filter((entry) => entry.startsWith('answer')).sort()).toEqual(['answer 1', 'answer 2', 'answer 3']);
    const taken = takenAfterYield(log);
    expect(taken.map((t) => t.page).sort()).toEqual([1, 3]);
    expect(taken.filter((t) => t.yields < 2)).toEqual([]);
    h.db.close();
  });

  it('a page of links is kept as its ids and text, its rows read again from the text only when asked', async () => {
    const h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink();
    const parse = vi.spyOn(JSON, 'parse');
    // The listing keeps each page's ids and text, and parses nothing more.
    const heads: number[] = [];
    const listing = await listAll(h.ctx, 'links', 'background', (_index, _text, _hash, pageHeads) => heads.push(pageHeads!.id.length));
    expect(heads).toEqual([1000, 1000, 500]);
    const second = listing.pageRows[1];
    // (Page 1 comes decoded, from a list call: kept so.)
    expect(listing.pageRows.map((page) => page !== undefined && isTextPage(page))).toEqual([false, true, true]);
    expect(second).toEqual({ ids: expect.any(Array), text: listing.pageTexts[1] });
    const ids = [...h.service.rows.links.keys()].sort((a, b) => a - b);
    expect(idsOf(second!)).toEqual(ids.slice(1000, 2000));
    const parsedWhileListing = parse.mock.calls.length;
    // Every row, as listed: page 2's parsed from its text, once.
    expect(listing.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids);
    expect(listing.rows).toBe(listing.rows);
    expect(parse.mock.calls.slice(parsedWhileListing).filter(([text]) => text === listing.pageTexts[1]!.text)).toHaveLength(1);
    expect(rowsOf(second!)).toEqual([...h.service.rows.links.values()].filter((link) => ids.slice(1000, 2000).includes(link.id)).sort((a, b) => a.id - b.id));
    parse.mockRestore();
    h.db.close();
  });

  it('is kept as rows, with no heads for its caller, when a row of it is no link (the pull counts a text page’s rows as links)', async () => {
    const h = harness();
    for (let i = 0; i < 2500; i++) h.service.seedLink(i === 1500 ? ({ type: 'other' } as Partial<Link>) : {});
    const told: boolean[] = [];
    const listing = await listAll(h.ctx, 'links', 'background', (index, _text, _hash, heads) => (told[index] = heads !== undefined));
    expect(told).toEqual([true, false, true]);
    // (Page 1 came decoded, from a list call: kept so.)
    expect(listing.pageRows.map((page) => Array.isArray(page))).toEqual([true, true, false]);
    expect(listing.rows.filter((row) => (row as Link).type === 'other')).toHaveLength(1);
    h.db.close();
  });
});
