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
