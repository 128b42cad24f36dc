// Links of an account. The fields the read shape shows are columns; the write-only settings
// (cloaking, targeting, limits, …) live in one JSON column, `options`.
import type { RedirectStatusCode, TargetingKind } from '../../../src-preload/contract/api-rules.ts';
import { allRows, getRow, run, type Db } from './db.ts';
import type { Page, PageRequest } from './page.ts';

export interface TargetingRule {
  key: string;
  value: string;
}

export interface LinkOptions {
  schedule: boolean;
  clicks_limit: number | null;
  expiration_url: string | null;
  http_status_code: RedirectStatusCode | null;
  app_linking_is_enabled: boolean;
  cloaking_is_enabled: boolean;
  cloaking_title: string | null;
  cloaking_meta_description: string | null;
  cloaking_custom_js: string | null;
  forward_query_parameters_is_enabled: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  targeting_type: TargetingKind | null;
  targeting: Partial<Record<TargetingKind, TargetingRule[]>>;
  pixels_ids: number[];
}

export const DEFAULT_LINK_OPTIONS: LinkOptions = {
  schedule: false,
  clicks_limit: null,
  expiration_url: null,
  http_status_code: null,
  app_linking_is_enabled: false,
  cloaking_is_enabled: false,
  cloaking_title: null,
  cloaking_meta_description: null,
  cloaking_custom_js: null,
  forward_query_parameters_is_enabled: false,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  targeting_type: null,
  targeting: {},
  pixels_ids: [],
};

export interface LinkRecord {
  id: number;
  account_id: number;
  project_id: number | null;
  domain_id: number;
  type: string;
  url: string;
  location_url: string;
  password_hash: string | null;
  sensitive_content: boolean;
  clicks: number;
  order: number;
  start_date: string | null;
  end_date: string | null;
  is_enabled: boolean;
  options: LinkOptions;
  email_reports: number[];
  last_datetime: string | null;
  datetime: string;
}

interface LinkRow {
  id: number;
  account_id: number;
  project_id: number | null;
  domain_id: number;
  type: string;
  url: string;
  location_url: string;
  password_hash: string | null;
  sensitive_content: number;
  clicks: number;
  sort_order: number;
  start_date: string | null;
  end_date: string | null;
  is_enabled: number;
  options: string;
  last_datetime: string | null;
  datetime: string;
}

export function createLinkRepository(db: Db) {
  function reportsOf(linkId: number): number[] {
    return allRows<{ handler_id: number }>(db, 'SELECT handler_id FROM link_reports WHERE link_id = ? ORDER BY handler_id', linkId).map(
      (row) => row.handler_id,
    );
  }

  /** The report handlers of many links in one query (a list page is up to 1,000 links). */
  function reportsOfMany(linkIds: readonly number[]): Map<number, number[]> {
    const reports = new Map<number, number[]>();
    if (linkIds.length === 0) return reports;
    const rows = allRows<{ link_id: number; handler_id: number }>(
      db,
      'SELECT link_id, handler_id FROM link_reports WHERE link_id IN (SELECT value FROM json_each(?)) ORDER BY link_id, handler_id',
      JSON.stringify(linkIds),
    );
    for (const row of rows) {
      const list = reports.get(row.link_id);
      if (list) list.push(row.handler_id);
      else reports.set(row.link_id, [row.handler_id]);
    }
    return reports;
  }

  function fromRow(row: LinkRow, reports: number[] = reportsOf(row.id)): LinkRecord {
    const { sort_order, ...rest } = row;
    return {
      ...rest,
      order: sort_order,
      sensitive_content: row.sensitive_content === 1,
      is_enabled: row.is_enabled === 1,
      options: { ...DEFAULT_LINK_OPTIONS, ...(JSON.parse(row.options) as Partial<LinkOptions>) },
      email_reports: reports,
    };
  }

  function writeReports(linkId: number, handlerIds: readonly number[]): void {
    run(db, 'DELETE FROM link_reports WHERE link_id = ?', linkId);
    for (const handlerId of handlerIds) {
      run(db, 'INSERT OR IGNORE INTO link_reports (link_id, handler_id) VALUES (?, ?)', linkId, handlerId);
    }
  }

  return {
    list(accountId: number, { page, perPage }: PageRequest): Page<LinkRecord> {
      const total = getRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM links WHERE account_id = ?', accountId)?.n ?? 0;
      const rows = allRows<LinkRow>(db, 'SELECT * FROM links WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', accountId, perPage, (page - 1) * perPage);
      const reports = reportsOfMany(rows.map((row) => row.id));
      return { rows: rows.map((row) => fromRow(row, reports.get(row.id) ?? [])), total };
    },
    get(accountId: number, id: number): LinkRecord | undefined {
      const row = getRow<LinkRow>(db, 'SELECT * FROM links WHERE id = ? AND account_id = ?', id, accountId);
      return row && fromRow(row);
    },
    /** The link served at `alias` on a domain (0 = the main domain), whoever owns it. */
    findByAlias(domainId: number, alias: string): LinkRecord | undefined {
      const row = getRow<LinkRow>(db, 'SELECT * FROM links WHERE domain_id = ? AND url = ?', domainId, alias);
      return row && fromRow(row);
    },
    aliasTaken(domainId: number, alias: string, exceptId: number | null): boolean {
      return getRow(db, 'SELECT 1 AS taken FROM links WHERE domain_id = ? AND url = ? AND id != ?', domainId, alias, exceptId ?? -1) !== undefined;
    },
    insert(record: Omit<LinkRecord, 'id'>): number {
      const id = run(
        db,
        `INSERT INTO links (account_id, project_id, domain_id, type, url, location_url, password_hash, sensitive_content, clicks,
           sort_order, start_date, end_date, is_enabled, options, last_datetime, datetime)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        record.account_id,
        record.project_id,
        record.domain_id,
        record.type,
        record.url,
        record.location_url,
        record.password_hash,
        record.sensitive_content ? 1 : 0,
        record.clicks,
        record.order,
        record.start_date,
        record.end_date,
        record.is_enabled ? 1 : 0,
        JSON.stringify(record.options),
        record.last_datetime,
        record.datetime,
      ).id;
      writeReports(id, record.email_reports);
      return id;
    },
    update(record: LinkRecord): void {
      run(
        db,
        `UPDATE links SET project_id = ?, domain_id = ?, url = ?, location_url = ?, password_hash = ?, sensitive_content = ?,
           start_date = ?, end_date = ?, is_enabled = ?, options = ?, last_datetime = ?
         WHERE id = ? AND account_id = ?`,
        record.project_id,
        record.domain_id,
        record.url,
        record.location_url,
        record.password_hash,
        record.sensitive_content ? 1 : 0,
        record.start_date,
        record.end_date,
        record.is_enabled ? 1 : 0,
        JSON.stringify(record.options),
        record.last_datetime,
        record.id,
        record.account_id,
      );
      writeReports(record.id, record.email_reports);
    },
    delete(accountId: number, id: number): boolean {
      return run(db, 'DELETE FROM links WHERE id = ? AND account_id = ?', id, accountId).changes > 0;
    },
    countForAccount(accountId: number): number {
      return getRow<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM links WHERE account_id = ?', accountId)?.n ?? 0;
    },
    incrementClicks(id: number, by = 1): void {
      run(db, 'UPDATE links SET clicks = clicks + ? WHERE id = ?', by, id);
    },
  };
}
export type LinkRepository = ReturnType<typeof createLinkRepository>;
