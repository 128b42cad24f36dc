// The analytics screens' figures (pure): the range chosen, totals and their change against the
// period before, a breakdown's ranked bars with shares, and its values in words (country and
// language names, hours, "no referrer").
import type { DailySeriesLine } from '../../ui/DailyChart.tsx';
import { lastDays, type BreakdownRow, type BreakdownType, type DailySeries, type DayRange } from '../../sync/index.ts';

export const PRESET_DAYS = [7, 30, 90, 365] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export type RangeChoice = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; range: DayRange };

export const DEFAULT_CHOICE: RangeChoice = { kind: 'preset', days: 30 };

export function presetLabel(days: PresetDays): string {
  return days === 365 ? '12 months' : `${days} days`;
}

export function resolveRange(choice: RangeChoice, today: string): DayRange {
  return choice.kind === 'preset' ? lastDays(choice.days, today) : choice.range;
}

export interface Totals {
  /** Null when no day of the period is cached. */
  clicks: number | null;
  visitors: number | null;
  /** Days of the period cached. */
  covered: number;
}

export function totals(series: DailySeries): Totals {
  const sum = (values: readonly (number | null)[]) => values.reduce<number | null>((acc, v) => (v === null ? acc : (acc ?? 0) + v), null);
  return { clicks: sum(series.clicks), visitors: sum(series.visitors), covered: series.covered };
}

/** "+12%" / "−5%" / "no change" / "new" against the period before; null when either is not known. */
export function change(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 'no change' : 'up from none';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

export const BREAKDOWN_TITLES: Record<BreakdownType, string> = {
  referrer_host: 'Referrers',
  referrer_path: 'Referrer pages',
  continent_code: 'Continents',
  country_code: 'Countries',
  city_name: 'Cities',
  browser_name: 'Browsers',
  os_name: 'Operating systems',
  device_type: 'Devices',
  browser_language: 'Languages',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  hour: 'Hour of day',
};

const UNKNOWN: Partial<Record<BreakdownType, string>> = {
  referrer_host: 'Direct (no referrer)',
  referrer_path: 'No referrer',
  utm_source: 'No UTM tag',
  utm_medium: 'No UTM tag',
  utm_campaign: 'No UTM tag',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const named = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

/** A breakdown's value in words. */
export function valueLabel(type: BreakdownType, key: string | null): string {
  if (key === null || key === '') return UNKNOWN[type] ?? 'Not known';
  if (type === 'country_code' && /^[A-Za-z]{2}$/.test(key)) return named(regionNames, key.toUpperCase());
  if (type === 'browser_language' && /^[A-Za-z]{2,3}$/.test(key)) return named(languageNames, key.toLowerCase());
  if (type === 'device_type') return key.charAt(0).toUpperCase() + key.slice(1);
  if (type === 'hour') {
    const hour = Number(key);
    return `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;
  }
  return key;
}

export interface Bar {
  key: string | null;
  label: string;
  clicks: number;
  /** Of the clicks this breakdown counts, 0–1. */
  share: number;
}

/** Bars most clicks first (the hour of day in clock order, every hour), each with its share. */
export function bars(type: BreakdownType, rows: readonly BreakdownRow[]): { bars: Bar[]; total: number } {
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);
  const share = (clicks: number) => (total === 0 ? 0 : clicks / total);
  if (type === 'hour') {
    const byHour = new Map(rows.map((row) => [Number(row.key), row.clicks]));
    return {
      total,
      bars: Array.from({ length: 24 }, (_, hour) => {
        const clicks = byHour.get(hour) ?? 0;
        return { key: String(hour), label: valueLabel('hour', String(hour)), clicks, share: share(clicks) };
      }),
    };
  }
  const sorted = [...rows].sort((a, b) => b.clicks - a.clicks || (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
  return { total, bars: sorted.map((row) => ({ key: row.key, label: valueLabel(type, row.key), clicks: row.clicks, share: share(row.clicks) })) };
}

export const percent = (share: number): string => `${share < 0.001 && share > 0 ? '<0.1' : (Math.round(share * 1000) / 10).toLocaleString('en')}%`;

const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "17 Dec 2025" for a statistics day. */
export const dayText = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));
export const rangeText = (range: DayRange): string =>
  range.startDate === range.endDate ? dayText(range.startDate) : `${dayText(range.startDate)} – ${dayText(range.endDate)}`;

/** The chart's lines for a period: clicks as bars, visitors (when the service counts them), the period before. */
export function chartLines(current: DailySeries, previous: DailySeries, fromSamples: boolean): DailySeriesLine[] {
  const out: DailySeriesLine[] = [{ label: 'Clicks', values: current.clicks, style: 'bars' }];
  if (!fromSamples) out.push({ label: 'Visitors', values: current.visitors, style: 'line' });
  if (previous.covered > 0) out.push({ label: 'Previous period (clicks)', values: previous.clicks, style: 'previous' });
  return out;
}
