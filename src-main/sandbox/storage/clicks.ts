// Click events: one row per served redirect, with its time and what was known of the visitor
// (everything GET /api/statistics groups by is stored here, at the time of the click).
import { allRows, run, type Db } from './db.ts';

export interface ClickEvent {
  link_id: number;
  datetime: string;
  /** Who clicked, as an opaque hash (visitors = distinct hashes per day); null on clicks of old data files. */
  visitor_hash: string | null;
  continent_code: string | null;
  country_code: string | null;
  city_name: string | null;
  device_type: string | null;
  browser_name: string | null;
  os_name: string | null;
  browser_language: string | null;
  referrer_host: string | null;
  referrer_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** The stored columns in one order, used by every statement here. */
const COLUMNS = [
  'link_id',
  'datetime',
  'visitor_hash',
  'continent_code',
  'country_code',
  'city_name',
  'device_type',
  'browser_name',
  'os_name',
  'browser_language',
  'referrer_host',
  'referrer_path',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const satisfies readonly (keyof ClickEvent)[];
const COLUMN_LIST = COLUMNS.join(', ');
const ROW_PLACEHOLDERS = `(${COLUMNS.map(() => '?').join(', ')})`;

const values = (event: ClickEvent) => COLUMNS.map((column) => event[column]);

const MULTI_ROW = 64;
const multiRowSql = new Map<number, string>();
/** `count` clicks in one INSERT; those of links deleted meanwhile are dropped, as in record(). */
function multiRowInsert(count: number): string {
  let sql = multiRowSql.get(count);
  if (!sql) {
    const rows = Array.from({ length: count }, () => ROW_PLACEHOLDERS).join(', ');
    const picked = COLUMNS.map((_, index) => `column${index + 1}`).join(', ');
    sql = `INSERT INTO clicks (${COLUMN_LIST}) SELECT ${picked} FROM (VALUES ${rows}) AS v WHERE EXISTS (SELECT 1 FROM links WHERE id = v.column1)`;
    multiRowSql.set(count, sql);
  }
  return sql;
}

export function createClickRepository(db: Db) {
  return {
    /** Records a click; one for a link deleted meanwhile (clicks are written in batches) is dropped. */
    record(event: ClickEvent): void {
      run(
        db,
        `INSERT INTO clicks (${COLUMN_LIST}) SELECT ${COLUMNS.map(() => '?').join(', ')} WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`,
        ...values(event),
        event.link_id,
      );
    },
    /**
     * Records many clicks (a batch of redirects, the demo data) with multi-row inserts: one
     * statement per 64 clicks instead of one per click, the sandbox's main cost under redirect load.
     */
    recordMany(events: readonly ClickEvent[]): void {
      for (let start = 0; start < events.length; start += MULTI_ROW) {
        const chunk = events.slice(start, start + MULTI_ROW);
        run(db, multiRowInsert(chunk.length), ...chunk.flatMap(values));
      }
    },
    forLink(linkId: number): ClickEvent[] {
      return allRows<ClickEvent>(db, `SELECT ${COLUMN_LIST} FROM clicks WHERE link_id = ? ORDER BY id`, linkId);
    },
  };
}
export type ClickRepository = ReturnType<typeof createClickRepository>;
