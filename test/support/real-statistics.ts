// GET /api/statistics/{link_id} as a real deployment answers it (for support/real-service.ts): the
// release groups its click rows in SQL and PHP's database layer hands every number over as a
// string, so `pageviews`, `visitors` and `hour` arrive as strings; days without clicks are not
// listed; a value that was never known is null or an empty string.

import { STATISTICS_DIMENSIONS } from '../../src-preload/contract/statistics.ts';

/** A click row as the release stores it (only what statistics read). */
export type RawClick = {
  link_id: number;
  /** `YYYY-MM-DD HH:MM:SS`, the account's wall-clock time. */
  datetime: string;
  /** 1 for the first visit of a visitor (the release's cookie), else 0. */
  is_unique: 0 | 1;
} & Partial<Record<RawDimension, string | null>>;

/** The release counts by the same dimensions the contract names. */
export const RAW_DIMENSIONS = STATISTICS_DIMENSIONS;
export type RawDimension = (typeof RAW_DIMENSIONS)[number];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The answer (status and JSON body) to the query of one existing link's statistics. */
export function answerStatistics(clicks: readonly RawClick[], linkId: number, query: URLSearchParams, today: string): { status: number; body: unknown } {
  const refuse = (title: string) => ({ status: 400, body: { errors: [{ title, status: '400' }] } });
  const type = query.get('type') || 'overview';
  const end = query.get('end_date') || today;
  const start = query.get('start_date') || new Date(Date.parse(`${end}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  if (!isDay(start) || !isDay(end)) return refuse('The date is not valid.');
  if (type !== 'overview' && type !== 'hour' && !(RAW_DIMENSIONS as readonly string[]).includes(type)) return refuse('The type is not valid.');
  const rows = clicks.filter((click) => click.link_id === linkId && click.datetime >= `${start} 00:00:00` && click.datetime <= `${end} 23:59:59`);
  const grouped = new Map<string, RawClick[]>();
  const keyOf = (click: RawClick): string =>
    type === 'overview'
      ? click.datetime.slice(0, 10)
      : type === 'hour'
        ? String(Number(click.datetime.slice(11, 13)))
        : JSON.stringify(click[type as RawDimension] ?? null);
  for (const click of rows) grouped.set(keyOf(click), [...(grouped.get(keyOf(click)) ?? []), click]);
  if (type === 'overview') {
    const days = [...grouped].sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      status: 200,
      body: {
        data: days.map(([day, list]) => ({ pageviews: String(list.length), visitors: String(list.filter((c) => c.is_unique).length), formatted_date: day })),
      },
    };
  }
  const counted = [...grouped].map(([key, list]) => ({ key, pageviews: list.length })).sort((a, b) => b.pageviews - a.pageviews);
  return {
    status: 200,
    body: {
      data: counted
        .slice(0, 250)
        .map(({ key, pageviews }) => ({ [type]: type === 'hour' ? key : (JSON.parse(key) as string | null), pageviews: String(pageviews) })),
    },
  };
}
