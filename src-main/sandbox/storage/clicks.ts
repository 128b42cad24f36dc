// Click events: one row per served redirect, with its time and what was known of the visitor.
import { allRows, run, type Db } from './db.ts';

export interface ClickEvent {
  link_id: number;
  datetime: string;
  country_code: string | null;
  device_type: string | null;
  browser_name: string | null;
  os_name: string | null;
}

const MULTI_ROW = 64;
const multiRowSql = new Map<number, string>();
/** `count` clicks in one INSERT; those of links deleted meanwhile are dropped, as in record(). */
function multiRowInsert(count: number): string {
  let sql = multiRowSql.get(count);
  if (!sql) {
    const rows = Array.from({ length: count }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
    sql =
      `INSERT INTO clicks (link_id, datetime, country_code, device_type, browser_name, os_name) ` +
      `SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ${rows}) AS v WHERE EXISTS (SELECT 1 FROM links WHERE id = v.column1)`;
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
        `INSERT INTO clicks (link_id, datetime, country_code, device_type, browser_name, os_name)
         SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`,
        event.link_id,
        event.datetime,
        event.country_code,
        event.device_type,
        event.browser_name,
        event.os_name,
        event.link_id,
      );
    },
    /**
     * Records many clicks (a batch of redirects) with multi-row inserts: one statement per 64
     * clicks instead of one per click, the sandbox's main cost under redirect load.
     */
    recordMany(events: readonly ClickEvent[]): void {
      for (let start = 0; start < events.length; start += MULTI_ROW) {
        const chunk = events.slice(start, start + MULTI_ROW);
        const values: (string | number | null)[] = [];
        for (const e of chunk) values.push(e.link_id, e.datetime, e.country_code, e.device_type, e.browser_name, e.os_name);
        run(db, multiRowInsert(chunk.length), ...values);
      }
    },
    forLink(linkId: number): ClickEvent[] {
      return allRows<ClickEvent>(
        db,
        'SELECT link_id, datetime, country_code, device_type, browser_name, os_name FROM clicks WHERE link_id = ? ORDER BY id',
        linkId,
      );
    },
  };
}
export type ClickRepository = ReturnType<typeof createClickRepository>;
