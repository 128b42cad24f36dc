// Custom domains of an account. Hosts are unique across the whole sandbox: a host can only be
// served for one account.
import { allRows, getRow, run, type Db } from './db.ts';
import type { Page, PageRequest } from './page.ts';

export interface DomainRecord {
  id: number;
  account_id: number;
  scheme: string;
  host: string;
  custom_index_url: string;
  custom_not_found_url: string;
  is_enabled: boolean;
  last_datetime: string | null;
  datetime: string;
  /** Offered to every account (held by the operator's account): usable by any link, listed by none. */
  is_global: boolean;
}

type DomainRow = Omit<DomainRecord, 'is_enabled' | 'is_global'> & { is_enabled: number; is_global: number };

function fromRow(row: DomainRow): DomainRecord {
  return { ...row, is_enabled: row.is_enabled === 1, is_global: row.is_global === 1 };
}

export function createDomainRepository(db: Db) {
  return {
    list(accountId: number, { page, perPage }: PageRequest): Page<DomainRecord> {
      const total = getRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM domains WHERE account_id = ?', accountId)?.n ?? 0;
      const rows = allRows<DomainRow>(
        db,
        'SELECT * FROM domains WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
        accountId,
        perPage,
        (page - 1) * perPage,
      );
      return { rows: rows.map(fromRow), total };
    },
    get(accountId: number, id: number): DomainRecord | undefined {
      const row = getRow<DomainRow>(db, 'SELECT * FROM domains WHERE id = ? AND account_id = ?', id, accountId);
      return row && fromRow(row);
    },
    /** A domain a link of the account may use: its own, or a global one. */
    usable(accountId: number, id: number): DomainRecord | undefined {
      const row = getRow<DomainRow>(db, 'SELECT * FROM domains WHERE id = ? AND (account_id = ? OR is_global = 1)', id, accountId);
      return row && fromRow(row);
    },
    findByHost(host: string): DomainRecord | undefined {
      const row = getRow<DomainRow>(db, 'SELECT * FROM domains WHERE host = ?', host);
      return row && fromRow(row);
    },
    insert(record: Omit<DomainRecord, 'id' | 'is_global'> & { is_global?: boolean }): number {
      return run(
        db,
        `INSERT INTO domains (account_id, scheme, host, custom_index_url, custom_not_found_url, is_enabled, last_datetime, datetime, is_global)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        record.account_id,
        record.scheme,
        record.host,
        record.custom_index_url,
        record.custom_not_found_url,
        record.is_enabled ? 1 : 0,
        record.last_datetime,
        record.datetime,
        record.is_global ? 1 : 0,
      ).id;
    },
    update(record: DomainRecord): void {
      run(
        db,
        `UPDATE domains SET host = ?, custom_index_url = ?, custom_not_found_url = ?, is_enabled = ?, last_datetime = ?
         WHERE id = ? AND account_id = ?`,
        record.host,
        record.custom_index_url,
        record.custom_not_found_url,
        record.is_enabled ? 1 : 0,
        record.last_datetime,
        record.id,
        record.account_id,
      );
    },
    /** Deletes the domain and the links served on it (as real deployments do). */
    delete(accountId: number, id: number): boolean {
      run(db, 'DELETE FROM links WHERE domain_id = ? AND account_id = ?', id, accountId);
      return run(db, 'DELETE FROM domains WHERE id = ? AND account_id = ?', id, accountId).changes > 0;
    },
    countForAccount(accountId: number): number {
      return getRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM domains WHERE account_id = ?', accountId)?.n ?? 0;
    },
  };
}
export type DomainRepository = ReturnType<typeof createDomainRepository>;
