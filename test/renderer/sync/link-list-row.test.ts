// A listed page's links cross from main as heads (contract/listed-page.ts): the list row made of a
// head must be the one linkListRow makes of the row a pull stores with the whole read, for reads
// with and without each optional field the list shows (unknown "enabled" stays unknown).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkHead, type Link } from '../../../src-preload/contract/index.ts';
import { linkListRow, listedLinkRow } from '../../../src-renderer/sync/mirror/link-list-row.ts';
import { syncedRow } from '../../../src-renderer/sync/mirror/link-rows.ts';

const date = fc.constantFrom('2026-11-27 10:11:12', '2025-01-02 03:04:05');
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const extras = fc.dictionary(fc.constantFrom('pixels', 'project', 'app_linking', 'note'), fc.jsonValue(), { maxKeys: 3 });

const link: fc.Arbitrary<Link> = fc
  .record({
    id: fc.integer({ min: 1, max: 1e6 }),
    domain_id: fc.integer({ min: 0, max: 9 }),
    url: fc.string({ maxLength: 10 }),
    location_url: fc.webUrl(),
    clicks: fc.nat(),
    start_date: fc.option(date, { nil: null }),
    end_date: fc.option(date, { nil: null }),
    is_enabled: maybe(fc.boolean()),
    datetime: date,
    password: fc.option(fc.constant('$2y$10$hash'), { nil: null }),
    schedule: maybe(fc.boolean()),
    clicksLimit: maybe(fc.option(fc.integer({ min: 1, max: 99 }), { nil: null })),
    extras,
    settingsExtras: extras,
  })
  .map((r) => {
    const settings: Record<string, unknown> = { password: r.password, sensitive_content: false };
    if (r.schedule !== undefined) settings.schedule = r.schedule;
    if (r.clicksLimit !== undefined) settings.clicks_limit = r.clicksLimit;
    const read: Record<string, unknown> = {
      id: r.id,
      project_id: null,
      domain_id: r.domain_id,
      type: 'link',
      url: r.url,
      location_url: r.location_url,
      settings: { ...settings, ...r.settingsExtras },
      clicks: r.clicks,
      order: 0,
      start_date: r.start_date,
      end_date: r.end_date,
      datetime: r.datetime,
    };
    if (r.is_enabled !== undefined) read.is_enabled = r.is_enabled;
    return { ...r.extras, ...read } as Link;
  });

describe('a list row from a read’s head', () => {
  it('is the list row of the row a pull stores with the whole read', () => {
    fc.assert(
      fc.property(link, fc.integer({ min: 0, max: 2e12 }), (read, at) => {
        expect(listedLinkRow('c1', linkHead(read), at)).toStrictEqual(linkListRow(syncedRow('c1', read, at)));
        // The head is the read narrowed, not changed: the whole read makes the same list row.
        expect(listedLinkRow('c1', read, at)).toStrictEqual(listedLinkRow('c1', linkHead(read), at));
      }),
      { seed: 1128, numRuns: 500 },
    );
  });
});
