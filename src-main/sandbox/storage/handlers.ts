// Notification handlers of an account; settings hold the type-specific fields as JSON.
import type { HandlerType } from '../../../src-preload/contract/api-rules.ts';
import { allRows, getRow, run, type Db } from './db.ts';
import type { Page, PageRequest } from './page.ts';

export interface HandlerRecord {
  id: number;
  account_id: number;
  type: HandlerType;
  name: string;
  settings: Record<string, string>;
  is_enabled: boolean;
  last_datetime: string | null;
  datetime: string;
}

interface HandlerRow {
  id: number;
  account_id: number;
  type: HandlerType;
  name: string;
  settings: string;
  is_enabled: number;
  last_datetime: string | null;
  datetime: string;
}

function fromRow(row: HandlerRow): HandlerRecord {
  return { ...row, settings: JSON.parse(row.settings) as Record<string, string>, is_enabled: row.is_enabled === 1 };
}

export function createHandlerRepository(db: Db) {
  return {
    list(accountId: number, { page, perPage }: PageRequest): Page<HandlerRecord> {
      const total = getRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM handlers WHERE account_id = ?', accountId)?.n ?? 0;
      const rows = allRows<HandlerRow>(
        db,
        'SELECT * FROM handlers WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
        accountId,
        perPage,
        (page - 1) * perPage,
      );
      return { rows: rows.map(fromRow), total };
    },
    get(accountId: number, id: number): HandlerRecord | undefined {
      const row = getRow<HandlerRow>(db, 'SELECT * FROM handlers WHERE id = ? AND account_id = ?', id, accountId);
      return row && fromRow(row);
    },
    insert(record: Omit<HandlerRecord, 'id'>): number {
      return run(
        db,
        `INSERT INTO handlers (account_id, type, name, settings, is_enabled, last_datetime, datetime) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        record.account_id,
        record.type,
        record.name,
        JSON.stringify(record.settings),
        record.is_enabled ? 1 : 0,
        record.last_datetime,
        record.datetime,
      ).id;
    },
    update(record: HandlerRecord): void {
      run(
        db,
        `UPDATE handlers SET type = ?, name = ?, settings = ?, is_enabled = ?, last_datetime = ? WHERE id = ? AND account_id = ?`,
        record.type,
        record.name,
        JSON.stringify(record.settings),
        record.is_enabled ? 1 : 0,
        record.last_datetime,
        record.id,
        record.account_id,
      );
    },
    /** Deleting a handler also removes it from every link's email_reports (foreign-key cascade). */
    delete(accountId: number, id: number): boolean {
      return run(db, 'DELETE FROM handlers WHERE id = ? AND account_id = ?', id, accountId).changes > 0;
    },
    /** The ids among `ids` that are handlers of the account. */
    existing(accountId: number, ids: readonly number[]): Set<number> {
      if (ids.length === 0) return new Set();
      const rows = allRows<{ id: number }>(db, `SELECT id FROM handlers WHERE account_id = ? AND id IN (${ids.map(() => '?').join(',')})`, accountId, ...ids);
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type HandlerRepository = ReturnType<typeof createHandlerRepository>;
