// The list's search structures (gram filter, positions, narrowing from where a shorter search
// matched) against the plainest search there is: every link, a substring test, the sort, an exact
// alias first. Random links and random typing — forwards, backwards, pasted, in the middle.
import { describe, expect, it } from 'vitest';
import {
  indexRows,
  NO_FILTERS,
  prepareNarrowing,
  prepareSearchInSlices,
  queryLinkResults,
  queryLinks,
  type LinkResults,
  deleteStuck,
  type LinkEntry,
  type LinkIndex,
  type LinkQuery,
  type RowSyncState,
} from '../../../../src-renderer/features/links/link-index.ts';
import { buildGrams, buildGramsInSlices, candidates, hasBit } from '../../../../src-renderer/features/links/search-grams.ts';
import { mirrorRow, serverLink } from './links-harness.tsx';

const NOW = Date.UTC(2026, 5, 1);

/** A small deterministic generator (the same links every run). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Few letters, so needles repeat and overlap; upper case, signs and non-ASCII included.
const ALPHABET = ['a', 'b', 'A', 'B', '9', '/', '.', '-', 'é', 'É', 'ß', 'x', 'İ', '😀'];

function links(count: number, seed: number) {
  const next = random(seed);
  const text = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(next() * (max - min)) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  return Array.from({ length: count }, (_, k) => {
    const base = serverLink(k + 1, {
      url: k % 50 === 7 ? 'ab' : text(1, 6),
      location_url: `https://${text(0, 12)}`,
      clicks: Math.floor(next() * 20),
      datetime: `2026-01-${String(1 + Math.floor(next() * 28)).padStart(2, '0')} 00:00:00`,
      is_enabled: next() < 0.8,
    });
    return mirrorRow(base, { clientId: `c${k}`, deletedLocally: k % 31 === 3 });
  });
}

const q = (patch: Partial<LinkQuery> = {}): LinkQuery => ({ ...NO_FILTERS, sort: 'created', direction: 'desc', ...patch });

/** What the list must show: the plain way. */
function reference(index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>, query: LinkQuery): string[] {
  const needle = query.search.trim().toLowerCase();
  const compare = (a: LinkEntry, b: LinkEntry): number => {
    // Made in the same second: in the order the service made them; a link not on it yet last.
    const made = (e: LinkEntry) => e.serverId ?? Infinity;
    const by =
      query.sort === 'clicks'
        ? a.clicks - b.clicks
        : query.sort === 'created'
          ? a.created.localeCompare(b.created) || (made(a) === made(b) ? 0 : made(a) < made(b) ? -1 : 1)
          : 0;
    const alias = a.alias.toLowerCase() < b.alias.toLowerCase() ? -1 : a.alias.toLowerCase() > b.alias.toLowerCase() ? 1 : 0;
    return by || alias || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0);
  };
  const sorted = [...index.entries].sort(compare);
  if (query.direction === 'desc') sorted.reverse();
  const kept = sorted.filter(
    (e) =>
      (e.alias.toLowerCase().includes(needle) || e.destination.toLowerCase().includes(needle)) &&
      (!e.deletedLocally || deleteStuck(syncStates.get(e.clientId))) &&
      (query.enabled === 'any' || (query.enabled === 'yes') === e.enabled),
  );
  const exact = needle ? kept.filter((e) => e.alias.toLowerCase() === needle) : [];
  return [...exact, ...kept.filter((e) => !exact.includes(e))].map((e) => e.clientId);
}

describe('search over positions, grams and the last results', () => {
  const rows = links(1500, 7);
  const syncStates = new Map<string, RowSyncState>([['c3', 'failed']]);

  // Thousands of searches: seconds of one core alone, several times that on a busy machine.
  it('finds what the plain search finds while typing forwards, backwards, pasting and editing in the middle', { timeout: 60_000 }, () => {
    const index = indexRows(rows, [], NOW);
    const next = random(11);
    const queries: Partial<LinkQuery>[] = [{}, { sort: 'alias', direction: 'asc' }, { sort: 'clicks' }, { enabled: 'yes' }];
    let checked = 0;
    for (let round = 0; round < 60; round++) {
      // Half the rounds change sort or filters between keystrokes too.
      const filtersOf = (step: number) => queries[(round % 2 === 0 ? round : round + step) % queries.length] as Partial<LinkQuery>;
      const word = Array.from({ length: 1 + Math.floor(next() * 5) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      const steps: string[] = [];
      for (let i = 1; i <= word.length; i++) steps.push(word.slice(0, i)); // typed
      steps.push(`${word}ab`, word); // pasted, then deleted
      steps.push(`b${word}`, ` B${word.toUpperCase()} `); // typed in front, then spaces and case
      for (let i = word.length - 1; i >= 0; i--) steps.push(word.slice(0, i)); // erased
      for (const [step, search] of steps.entries()) {
        const filters = filtersOf(step);
        const query = q({ ...filters, search });
        expect(
          queryLinks(index, syncStates, query).map((e) => e.clientId),
          `"${search}" ${JSON.stringify(filters)}`,
        ).toEqual(reference(index, syncStates, query));
        // What the list does while idle after a keystroke, now and then.
        if (step % 2 === round % 2) prepareNarrowing(index);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('shows the list as it opens without building the search grams, leaving out links deleted here', () => {
    for (const filters of [{}, { sort: 'alias', direction: 'asc' }, { sort: 'clicks' }, { enabled: 'yes' }] as Partial<LinkQuery>[]) {
      const index = indexRows(rows, [], NOW);
      expect(queryLinks(index, syncStates, q(filters)).map((e) => e.clientId)).toEqual(reference(index, syncStates, q(filters)));
      expect(index.grams).toBeUndefined();
      expect(queryLinks(index, syncStates, q({ ...filters, search: 'a' })).map((e) => e.clientId)).toEqual(
        reference(index, syncStates, q({ ...filters, search: 'a' })),
      );
      expect(index.grams).toBeDefined();
    }
  });

  it('puts an exact alias first, several in sort order, and narrows from the sorted results', () => {
    const index = indexRows(rows, [], NOW);
    const exact = queryLinks(index, syncStates, q({ search: 'AB' }));
    const expected = reference(index, syncStates, q({ search: 'ab' }));
    expect(exact.map((e) => e.clientId)).toEqual(expected);
    const exactCount = exact.filter((e) => e.alias.toLowerCase() === 'ab').length;
    expect(exactCount).toBeGreaterThan(10);
    expect(exact.slice(0, exactCount).every((e) => e.alias.toLowerCase() === 'ab')).toBe(true);
    expect(queryLinks(index, syncStates, q({ search: 'ab9' })).map((e) => e.clientId)).toEqual(reference(index, syncStates, q({ search: 'ab9' })));
  });

  it('returns the same results for a keystroke that drops no row (nothing to re-render)', () => {
    const index = indexRows(
      Array.from({ length: 500 }, (_, k) => mirrorRow(serverLink(k + 1, { url: `bench${k}`, location_url: `https://bench.example/${k}` }))),
      [],
      NOW,
    );
    const b = queryLinks(index, new Map(), q({ search: 'b' }));
    expect(b).toHaveLength(500);
    expect(queryLinks(index, new Map(), q({ search: 'be' }))).toBe(b);
    expect(queryLinks(index, new Map(), q({ search: 'bench' }))).toBe(b);
    expect(queryLinks(index, new Map(), q({ search: 'bench4' })).length).toBe(111);
  });
});

describe('results read a page at a time', () => {
  it('give the pages of the whole list, an exact alias first, and stay as they were while later searches run', () => {
    const index = indexRows(links(1500, 13), [], NOW);
    const held: { search: string; results: LinkResults; ids: string[] }[] = [];
    for (const search of ['', 'a', 'ab', 'ab9', 'b', 'ab', 'x', '']) {
      const results = queryLinkResults(index, new Map(), q({ search }));
      const ids = reference(index, new Map(), q({ search }));
      expect(results.length).toBe(ids.length);
      held.push({ search, results, ids });
    }
    // Read after every later search ran: nothing was written over.
    for (const { search, results, ids } of held) {
      for (const [start, end] of [
        [0, 25],
        [25, 50],
        [ids.length - 10, ids.length + 5],
      ] as const)
        expect(
          results.slice(start, end).map((e) => e.clientId),
          search,
        ).toEqual(ids.slice(Math.max(0, start), end));
      expect(results.all().map((e) => e.clientId)).toEqual(ids);
    }
  });
  it('read a window at a time, put every exact alias first and every other result in sort order, before the whole list is ever made', () => {
    const index = indexRows(links(1200, 29), [], NOW);
    let mostExact = 0;
    for (const sort of ['created', 'clicks', 'alias'] as const)
      for (const direction of ['asc', 'desc'] as const)
        for (const search of ['a', 'ab', 'b', '9', 'ba']) {
          const query = { ...q({ search }), sort, direction };
          const results = queryLinkResults(index, new Map(), query);
          const ids = reference(index, new Map(), query);
          const exact = ids.filter((id) => index.byClientId.get(id)!.aliasLower === search).length;
          const windows: string[] = [];
          for (let start = 0; start < ids.length; start += 7) windows.push(...results.slice(start, start + 7).map((e) => e.clientId));
          expect(windows, `${search} ${sort} ${direction} (${exact} exact)`).toEqual(ids);
          mostExact = Math.max(mostExact, exact);
        }
    // Several links with the same alias (other domains): the windows cross more than one exact one.
    expect(mostExact).toBeGreaterThan(1);
  });
});

describe('gram filter', () => {
  const index = indexRows(links(2000, 3), [], NOW);
  const grams = buildGrams(index.entries);
  const holds = (e: LinkEntry, needle: string) => e.aliasLower.includes(needle) || e.destinationLower.includes(needle);

  it('never leaves out a link that holds the needle, and is exact when it says so', () => {
    const next = random(5);
    for (let round = 0; round < 300; round++) {
      const needle = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)])
        .join('')
        .toLowerCase();
      const { bits, exact } = candidates(grams, needle);
      index.entries.forEach((e, i) => {
        if (holds(e, needle)) expect(hasBit(bits, i), needle).toBe(true);
        else if (exact) expect(hasBit(bits, i), needle).toBe(false);
      });
    }
  });

  it('answers one letter and a pair that only ever appeared as itself without a substring check', () => {
    expect(candidates(grams, 'a').exact).toBe(true);
    expect(candidates(grams, 'ab').exact).toBe(true);
    expect(candidates(grams, 'aba').exact).toBe(false);
    // A pair in most links has a bucket of its own, whatever else the links hold.
    const bench = indexRows(
      Array.from({ length: 300 }, (_, k) => mirrorRow(serverLink(k + 1, { url: `bench${k}`, location_url: `https://bench.example/page/${k}?ref=${k % 97}` }))),
      [],
      NOW,
    );
    for (const pair of ['pa', 'be', 're', 'ex', 'e/', '/p']) expect(candidates(buildGrams(bench.entries), pair).exact, pair).toBe(true);
    // Non-ASCII letters share buckets: checked.
    expect(candidates(grams, 'é').exact).toBe(false);
  });

  it('is built ahead of the first keystroke, with the order the list opens in', async () => {
    const fresh = indexRows(links(100, 9), [], NOW);
    await prepareSearchInSlices(fresh);
    expect(fresh.grams?.size).toBe(100);
    expect(fresh.orders.has('created:desc')).toBe(true);
    // Every link, newest first (the list then leaves out those deleted here).
    const order = fresh.orderViews.get('created:desc')?.all() ?? [];
    expect(order).toHaveLength(100);
    expect(order.filter((e) => !e.deletedLocally).map((e) => e.clientId)).toEqual(reference(fresh, new Map(), q()));
  });

  it('is built a slice per task, the same grams as at once, and given up when the index is replaced', async () => {
    const many = indexRows(links(30_000, 5), [], NOW);
    let pauses = 0;
    const pause = async () => {
      pauses++;
      await Promise.resolve();
    };
    const sliced = await buildGramsInSlices(many.entries, pause, () => true);
    // 30,000 links, 10,000 a slice, twice through; the text's pairs 500,000 bytes a slice; once after
    // the arrays are made and once after the pairs are ranked.
    const textBytes = many.entries.reduce((sum, e) => sum + e.aliasLower.length + e.destinationLower.length + 2, 0);
    expect(textBytes).toBeGreaterThan(500_000);
    expect(pauses).toBe(2 * 2 + Math.floor((textBytes - 1) / 500_000) + 2);
    expect(sliced).toEqual(buildGrams([...many.entries])); // built apart, at once
    let wanted = 2;
    expect(await buildGramsInSlices([...many.entries], pause, () => --wanted > 0)).toBeNull();
  });

  it('finishes a build under way when a search needs the grams, instead of starting over', async () => {
    const many = indexRows(links(25_000, 6), [], NOW);
    let release: () => void = () => undefined;
    let pauses = 0;
    const pause = () => {
      pauses++;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const sliced = buildGramsInSlices(many.entries, pause, () => true);
    expect(pauses).toBe(1); // one slice done, waiting
    const atOnce = buildGrams(many.entries);
    release();
    expect(await sliced).toBe(atOnce);
    expect(pauses).toBe(1);
    expect(atOnce).toEqual(buildGrams([...many.entries]));
  });

  it('keeps the lower-cased text as the same string when it already is lower case', () => {
    const entry = index.entries.find((e) => e.alias === e.alias.toLowerCase() && e.alias.length > 0) as LinkEntry;
    expect(entry.aliasLower).toBe(entry.alias);
    expect(indexRows([mirrorRow(serverLink(1, { url: 'MiXed' }))], [], NOW).entries[0]?.aliasLower).toBe('mixed');
  });
});
