// The list's in-memory index: short URLs, sorting, filtering and paging over a 1,200-row mirror.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../src-preload/contract/index.ts';
import { indexRows, NO_FILTERS, queryLinks, rowSyncStates, type LinkQuery } from '../../../../src-renderer/features/links/link-index.ts';
import { fromColumns, toColumns } from '../../../../src-renderer/features/links/index-snapshot.ts';
import { shortUrlOf } from '../../../../src-renderer/features/links/short-url.ts';
import { linkRowListView, rowView, type MirrorRow } from '../../../../src-renderer/sync/index.ts';
import { LINK_LIST_FIELDS } from '../../../../src-renderer/sync/mirror/link-fields.ts';
import { pageWindow } from '../../../../src-renderer/ui/list/paging.ts';
import { domain, mirrorRow, serverLink } from './links-harness.tsx';

const N = 1200;
const NOW = Date.UTC(2026, 5, 1);

/** Link i: clicks (i * 7919) % 1000, created i days after 2023-01-01, domain 0 or 5 or 6, flags by i. */
function rows(): MirrorRow<Link>[] {
  return Array.from({ length: N }, (_, k) => {
    const i = k + 1;
    const created = new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const base = serverLink(i, {
      clicks: (i * 7919) % 1000,
      // As a real release reads (the document's read does not say).
      is_enabled: i % 4 !== 0,
      datetime: created,
      domain_id: [0, 5, 6][i % 3] as number,
      settings: { password: i % 10 === 0 ? 'secret' : null, sensitive_content: false },
      start_date: i % 7 === 0 ? '2026-01-01 00:00:00' : null,
      end_date: i % 7 === 0 ? (i % 14 === 0 ? '2026-02-01 00:00:00' : '2027-01-01 00:00:00') : null,
    });
    return mirrorRow(base, { writeOnly: i % 4 === 0 ? { is_enabled: false } : {} });
  });
}
const domains = [mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }), mirrorRow(domain(6, 'links.brand.test'), { clientId: 'dom-6' })];
const index = indexRows(rows(), domains, NOW);
const q = (patch: Partial<LinkQuery> = {}): LinkQuery => ({ ...NO_FILTERS, sort: 'created', direction: 'desc', ...patch });
const ids = (list: { serverId: number | null }[]) => list.map((e) => e.serverId);

describe('short URLs (the rule of src-main/service/short-url.ts)', () => {
  it('main domain: base URL with one trailing slash, then the alias; custom domain: scheme + host + "/" + alias', () => {
    expect(shortUrlOf('https://s.example.com', 'abc', true, null)).toBe('https://s.example.com/abc');
    expect(shortUrlOf('https://example.com/short?x=1#y', 'abc', true, null)).toBe('https://example.com/short/abc');
    expect(shortUrlOf('https://s.example.com/', 'go', false, { scheme: 'http', host: 'l.brand.com' })).toBe('http://l.brand.com/go');
    expect(shortUrlOf('https://s.example.com/', 'go', false, { scheme: 'https://', host: 'l.brand.com/' })).toBe('https://l.brand.com/go');
    expect(shortUrlOf('https://s.example.com/', 'go', false, null)).toBeNull();
    expect(shortUrlOf('not a url', 'go', true, null)).toBeNull();
  });
});

describe('link index over 1,200 rows', () => {
  it('pages the way the API pages: every size, totals and the last partial page', () => {
    const all = queryLinks(index, new Map(), q());
    expect(all).toHaveLength(N);
    for (const size of [10, 25, 50, 100, 250, 500, 1000] as const) {
      const last = pageWindow(all.length, 1_000_000, size);
      expect(last.totalPages).toBe(Math.ceil(N / size));
      expect(last.end - last.start).toBe(N - (last.totalPages - 1) * size);
      expect(pageWindow(all.length, 2, size).start).toBe(size);
    }
  });

  it('sorts by created, clicks and alias, both ways', () => {
    expect(ids(queryLinks(index, new Map(), q()).slice(0, 3))).toEqual([1200, 1199, 1198]);
    expect(ids(queryLinks(index, new Map(), q({ direction: 'asc' })).slice(0, 3))).toEqual([1, 2, 3]);
    const byClicks = queryLinks(index, new Map(), q({ sort: 'clicks' })).map((e) => e.clicks);
    expect(byClicks).toEqual([...byClicks].sort((a, b) => b - a));
    expect(byClicks[0]).toBe(999);
    const byAlias = queryLinks(index, new Map(), q({ sort: 'alias', direction: 'asc' })).map((e) => e.alias);
    expect(byAlias.slice(0, 2)).toEqual(['alias-0001', 'alias-0002']);
    expect(queryLinks(index, new Map(), q({ sort: 'alias', direction: 'desc' }))[0]?.alias).toBe('alias-1200');
  });

  it('puts links made in the same second in the order the service made them, a link not on it yet newest', () => {
    const second = '2026-05-01 10:00:00';
    // Listed newest first, as the service lists; aliases in the opposite order to the ids.
    const listed = [30, 20, 10].map((id) => mirrorRow(serverLink(id, { datetime: second, url: `alias-${40 - id}` })));
    const local = { ...mirrorRow(serverLink(99, { datetime: second, url: 'aaa' }), { clientId: 'local-create' }), serverId: null };
    const older = mirrorRow(serverLink(40, { datetime: '2026-05-01 09:59:59', url: 'zzz' }));
    const sameSecond = indexRows([local, ...listed, older], [], NOW);
    expect(queryLinks(sameSecond, new Map(), q()).map((e) => e.serverId)).toEqual([null, 30, 20, 10, 40]);
    expect(queryLinks(sameSecond, new Map(), q({ direction: 'asc' })).map((e) => e.serverId)).toEqual([40, 10, 20, 30, null]);
  });

  it('searches alias and destination, case-insensitively', () => {
    expect(ids(queryLinks(index, new Map(), q({ search: 'ALIAS-000' })))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(ids(queryLinks(index, new Map(), q({ search: 'dest.example/1199' })))).toEqual([1199]);
    expect(queryLinks(index, new Map(), q({ search: 'nothing-like-this' }))).toEqual([]);
  });

  it('filters by domain, enabled, scheduled, password and pending sync', () => {
    const count = (patch: Partial<LinkQuery>) => queryLinks(index, new Map(), q(patch)).length;
    expect(count({ domain: '0' })).toBe(400);
    expect(queryLinks(index, new Map(), q({ domain: 'dom-5' })).every((e) => (e.serverId as number) % 3 === 1)).toBe(true);
    expect(count({ domain: 'dom-6' })).toBe(400);
    expect(count({ enabled: 'no' })).toBe(300);
    expect(count({ enabled: 'yes' })).toBe(900);
    expect(count({ scheduled: 'yes' })).toBe(Math.floor(N / 7));
    expect(count({ protected: 'yes' })).toBe(120);
    expect(count({ protected: 'no', enabled: 'no' })).toBe(300 - 60);
    // Expired: an end date in the past (i divisible by 14).
    expect(index.entries.filter((e) => e.expired)).toHaveLength(Math.floor(N / 14));
    const states = rowSyncStates([
      { rowId: 'row-3-l', state: 'pending', resource: 'links' },
      { rowId: 'row-4-l', state: 'failed', resource: 'links' },
      { rowId: 'row-4-l', state: 'pending', resource: 'links' },
      { rowId: 'dom-5', state: 'pending', resource: 'domains' },
    ]);
    expect(states.get('row-4-l')).toBe('failed');
    expect(ids(queryLinks(index, states, q({ pending: 'yes' })))).toEqual([4, 3]);
    expect(queryLinks(index, states, q({ pending: 'no' }))).toHaveLength(N - 2);
  });

  it('leaves out rows deleted locally unless their delete is stuck', () => {
    const withDeleted = indexRows([...rows().slice(0, 2), mirrorRow(serverLink(9999), { deletedLocally: true })], [], NOW);
    expect(queryLinks(withDeleted, new Map(), q())).toHaveLength(2);
    expect(queryLinks(withDeleted, new Map([['row-9999-l', 'failed']]), q())).toHaveLength(3);
  });

  // How fast is the bench's to say (renderer figure: search keystroke p95); here, that typing
  // letter by letter into 100,000 links (the narrowing path) finds what a fresh search finds.
  it('narrows 100,000 links as the search grows, with the same results as a fresh search', () => {
    const many = Array.from({ length: 100_000 }, (_, k) => mirrorRow(serverLink(k + 1, { url: `a${k}`, location_url: `https://x.example/${k}` })));
    const big = indexRows(many, [], NOW);
    const fresh = indexRows(many, [], NOW);
    for (const needle of ['a', 'a1', 'a12', 'a123', 'a1234']) {
      const typed = queryLinks(big, new Map(), q({ search: needle }));
      const expected = queryLinks(fresh, new Map(), q({ search: needle }));
      fresh.last = undefined;
      expect(ids(typed)).toEqual(ids(expected));
      // 'a1234' is an alias: it comes first, then a12340…a12349 newest first.
      if (needle === 'a1234') expect(typed.map((e) => e.alias)).toEqual(['a1234', ...Array.from({ length: 10 }, (_, i) => `a1234${9 - i}`)]);
    }
  });
});

describe('stored index copy', () => {
  it('round-trips every field the list needs and tells an unchanged index from a changed one', async () => {
    const { toColumns, fromColumns, sameEntries } = await import('../../../../src-renderer/features/links/index-snapshot.ts');
    const copy = fromColumns(structuredClone(toColumns(index)));
    expect(copy).not.toBeNull();
    expect(copy!.entries).toEqual(index.entries);
    expect(copy!.domains).toEqual(index.domains);
    expect(sameEntries(copy!, index)).toBe(true);
    const changed = indexRows(
      rows().map((r, i) => (i === 5 ? { ...r, base: { ...r.base!, clicks: r.base!.clicks + 1 } } : r)),
      domains,
      NOW,
    );
    expect(sameEntries(changed, index)).toBe(false);
    expect(fromColumns({ v: 1, domains: [], clientId: ['a'], alias: [] })).toBeNull();
    expect(fromColumns(undefined)).toBeNull();
  });

  it('carries the creation order, so a reload does not sort; a damaged order is ignored', async () => {
    const { toColumns, fromColumns, fromColumnsInSlices } = await import('../../../../src-renderer/features/links/index-snapshot.ts');
    const columns = structuredClone(toColumns(index));
    const expected = queryLinks(index, new Map(), q()).map((e) => e.clientId);
    for (const copy of [fromColumns(columns), await fromColumnsInSlices(columns)]) {
      expect(copy!.orders.has('created')).toBe(true);
      expect(queryLinks(copy!, new Map(), q()).map((e) => e.clientId)).toEqual(expected);
    }
    const damaged = { ...columns, createdOrder: new Int32Array(columns.createdOrder!.length) };
    const copy = fromColumns(damaged)!;
    expect(copy.orders.has('created')).toBe(false);
    expect(queryLinks(copy, new Map(), q()).map((e) => e.clientId)).toEqual(expected);
  });
});

describe('search puts an exact alias first', () => {
  const promo = [
    mirrorRow(serverLink(1, { url: 'promo', is_enabled: true, datetime: '2026-01-01 00:00:00' }), { clientId: 'p1' }),
    mirrorRow(serverLink(2, { url: 'promo-2026', is_enabled: true, datetime: '2026-03-01 00:00:00' }), { clientId: 'p2' }),
    mirrorRow(serverLink(3, { url: 'spring', location_url: 'https://shop.example/promo', is_enabled: true, datetime: '2026-02-01 00:00:00' }), {
      clientId: 'p3',
    }),
  ];
  it('whatever the sort, then the rest in sort order; typing further narrows as before', () => {
    const promoIndex = indexRows(promo, [], NOW);
    expect(queryLinks(promoIndex, new Map(), q({ search: 'PROMO' })).map((e) => e.alias)).toEqual(['promo', 'promo-2026', 'spring']);
    expect(queryLinks(promoIndex, new Map(), q({ search: 'promo', sort: 'alias', direction: 'desc' })).map((e) => e.alias)).toEqual([
      'promo',
      'spring',
      'promo-2026',
    ]);
    // Narrowing starts from the sorted results, not from the reordered ones.
    expect(queryLinks(promoIndex, new Map(), q({ search: 'promo-', sort: 'alias', direction: 'desc' })).map((e) => e.alias)).toEqual(['promo-2026']);
    expect(queryLinks(promoIndex, new Map(), q({ search: 'prom' })).map((e) => e.alias)).toEqual(['promo-2026', 'spring', 'promo']);
  });

  it('never brings back a link the filters leave out, and keeps several exact ones in sort order', () => {
    const rows = [...promo, mirrorRow(serverLink(4, { url: 'promo', domain_id: 9, is_enabled: false, datetime: '2026-04-01 00:00:00' }), { clientId: 'p4' })];
    const index = indexRows(rows, [], NOW);
    expect(queryLinks(index, new Map(), q({ search: 'promo' })).map((e) => e.clientId)).toEqual(['p4', 'p1', 'p2', 'p3']);
    index.last = undefined;
    expect(queryLinks(index, new Map(), q({ search: 'promo', enabled: 'yes' })).map((e) => e.clientId)).toEqual(['p1', 'p2', 'p3']);
    index.last = undefined;
    expect(queryLinks(index, new Map(), q({ search: 'promo', enabled: 'no' })).map((e) => e.clientId)).toEqual(['p4']);
  });
});

describe('the list reads only the fields it shows', () => {
  it('gives each of them exactly as the whole read view does, whatever a read carries or leaves out', () => {
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    const link = fc.record({
      is_enabled: maybe(fc.boolean()),
      schedule: maybe(fc.boolean()),
      clicks_limit: maybe(fc.option(fc.nat(5))),
      start_date: fc.option(fc.constant('2026-01-01 00:00:00')),
      end_date: fc.option(fc.constant('2027-01-01 00:00:00')),
      domain_id: fc.nat(3),
      password: maybe(fc.option(fc.constantFrom('', 'hash'))),
    });
    fc.assert(
      fc.property(link, fc.boolean(), ({ is_enabled, schedule, clicks_limit, password, ...rest }, local) => {
        const settings: Record<string, unknown> = { password: password ?? null, sensitive_content: false };
        if (schedule !== undefined) settings.schedule = schedule;
        if (clicks_limit !== undefined) settings.clicks_limit = clicks_limit;
        const base = serverLink(7, { ...rest, settings: settings as Link['settings'], ...(is_enabled === undefined ? {} : { is_enabled }) });
        const row = mirrorRow(base, local ? { local: { url: 'edited' } } : {});
        const whole = rowView('links', row);
        const listed = linkRowListView(row);
        for (const field of LINK_LIST_FIELDS) expect(listed[field], field).toEqual(whole[field]);
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});

describe('a schedule switched off', () => {
  // Real releases keep a link's dates when its schedule is switched off (in their web UI or here).
  const entryOf = (settings: Record<string, unknown>) =>
    indexRows(
      [
        mirrorRow(
          serverLink(1, {
            start_date: '2026-01-01 00:00:00',
            end_date: '2026-02-01 00:00:00',
            settings: { password: null, sensitive_content: false, ...settings },
          }),
        ),
      ],
      [],
      NOW,
    ).entries[0]!;

  it('is neither scheduled nor expired by the dates it keeps', () => {
    expect(entryOf({ schedule: false })).toMatchObject({ scheduled: false, expired: false });
    expect(entryOf({ schedule: true })).toMatchObject({ scheduled: true, expired: true });
  });

  it('counts as scheduled by its dates when the read does not say', () => {
    expect(entryOf({})).toMatchObject({ scheduled: true, expired: true });
  });
});

describe('a link whose read does not say whether it is enabled', () => {
  // The document's read has no is_enabled (real releases' reads do): unknown is not "enabled".
  const unknown = () => {
    const base = serverLink(1);
    delete (base as Partial<Link>).is_enabled;
    return mirrorRow(base);
  };

  it('is neither enabled nor disabled, in the index and its filters', () => {
    const index = indexRows([unknown(), mirrorRow(serverLink(2, { is_enabled: false })), mirrorRow(serverLink(3, { is_enabled: true }))], [], NOW);
    expect(index.entries.map((e) => e.enabled)).toEqual([null, false, true]);
    const enabledIds = (enabled: LinkQuery['enabled']) => ids(queryLinks(index, new Map(), q({ enabled })));
    expect(enabledIds('yes')).toEqual([3]);
    expect(enabledIds('no')).toEqual([2]);
    expect(enabledIds('any').sort()).toEqual([1, 2, 3]);
  });

  it('stays unknown through the stored copy of the index', () => {
    const index = indexRows([unknown()], [], NOW);
    expect(fromColumns(toColumns(index))!.entries[0]!.enabled).toBeNull();
  });
});
