// What an analytics view shows, as one CSV file: the days of the period (and of the period before)
// with clicks and visitors, then each breakdown's values with clicks and share. Cells that are not
// known stay empty (never 0). Written by the app's one CSV writer (ui/csv.ts), which escapes a
// cell that starts like a formula: breakdown values are what visitors sent (a UTM tag, a referrer).
import type { BreakdownType, DailySeries, PickedBreakdown } from '../../sync/index.ts';
import { csvText, downloadCsv } from '../../ui/csv.ts';
import { fileSafe } from '../../ui/download.ts';
import { bars, BREAKDOWN_TITLES, percent } from './analytics-model.ts';

export interface CsvContent {
  current: DailySeries;
  previous: DailySeries | null;
  breakdowns: readonly { type: BreakdownType; picked: PickedBreakdown | null }[];
  /** Extra tables (the overview's top links), already as rows of item and clicks. */
  extra?: readonly { section: string; rows: readonly { item: string; clicks: number | null }[] }[];
}

const cell = (value: number | null) => (value === null ? '' : String(value));

export function analyticsCsv(content: CsvContent): string {
  const rows: string[][] = [];
  const days = (section: string, series: DailySeries) =>
    series.days.forEach((day, i) => rows.push([section, day, cell(series.clicks[i] ?? null), cell(series.visitors[i] ?? null), '']));
  days('Clicks per day', content.current);
  if (content.previous) days('Previous period', content.previous);
  for (const { type, picked } of content.breakdowns) {
    if (!picked) continue;
    for (const bar of bars(type, picked.record.rows).bars) rows.push([BREAKDOWN_TITLES[type], bar.label, String(bar.clicks), '', percent(bar.share)]);
  }
  for (const table of content.extra ?? []) for (const row of table.rows) rows.push([table.section, row.item, cell(row.clicks), '', '']);
  return csvText(['section', 'item', 'clicks', 'visitors', 'share'], rows);
}

export function downloadAnalyticsCsv(name: string, content: CsvContent): void {
  downloadCsv(`${fileSafe(name)}.csv`, analyticsCsv(content));
}
