// Schema versions, kept in PRAGMA user_version. A migration is appended, never edited, so a data
// file written by an older sandbox is brought forward step by step.
import type { DatabaseSync } from 'node:sqlite';

const MIGRATIONS: readonly string[] = [
  // 1: accounts, the three resources, link report handlers, click events, uploads.
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key_hash TEXT NOT NULL UNIQUE,
    datetime TEXT NOT NULL
  );
  CREATE TABLE domains (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    scheme TEXT NOT NULL,
    host TEXT NOT NULL UNIQUE,
    custom_index_url TEXT NOT NULL DEFAULT '',
    custom_not_found_url TEXT NOT NULL DEFAULT '',
    is_enabled INTEGER NOT NULL DEFAULT 1,
    last_datetime TEXT,
    datetime TEXT NOT NULL
  );
  CREATE INDEX domains_account ON domains(account_id, id);
  CREATE TABLE handlers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    settings TEXT NOT NULL DEFAULT '{}',
    is_enabled INTEGER NOT NULL DEFAULT 1,
    last_datetime TEXT,
    datetime TEXT NOT NULL
  );
  CREATE INDEX handlers_account ON handlers(account_id, id);
  CREATE TABLE links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    project_id INTEGER,
    domain_id INTEGER NOT NULL DEFAULT 0,
    type TEXT NOT NULL DEFAULT 'link',
    url TEXT NOT NULL,
    location_url TEXT NOT NULL,
    password_hash TEXT,
    sensitive_content INTEGER NOT NULL DEFAULT 0,
    clicks INTEGER NOT NULL DEFAULT 0,
    sort_order INTEGER NOT NULL DEFAULT 0,
    start_date TEXT,
    end_date TEXT,
    is_enabled INTEGER NOT NULL DEFAULT 1,
    options TEXT NOT NULL DEFAULT '{}',
    last_datetime TEXT,
    datetime TEXT NOT NULL,
    UNIQUE (domain_id, url)
  );
  CREATE INDEX links_account ON links(account_id, id);
  CREATE TABLE link_reports (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    handler_id INTEGER NOT NULL REFERENCES handlers(id) ON DELETE CASCADE,
    PRIMARY KEY (link_id, handler_id)
  );
  CREATE INDEX link_reports_handler ON link_reports(handler_id);
  CREATE TABLE clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    datetime TEXT NOT NULL,
    country_code TEXT,
    device_type TEXT,
    browser_name TEXT,
    os_name TEXT
  );
  CREATE INDEX clicks_link ON clicks(link_id, datetime);
  CREATE TABLE uploads (
    token TEXT PRIMARY KEY,
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    mime TEXT NOT NULL,
    bytes BLOB NOT NULL,
    datetime TEXT NOT NULL,
    UNIQUE (link_id, kind)
  );
  `,
  // 2: each account's time zone (schedule dates are wall-clock times in it). Accounts of older
  // data files were UTC, which is what they keep.
  `
  ALTER TABLE accounts ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';
  `,
  // 3: what GET /api/statistics groups clicks by, stored when the click is served. Clicks of older
  // data files keep what they had; the new dimensions read null for them (no visitor hash: each
  // such click counts as its own visitor, see storage/click-stats.ts).
  `
  ALTER TABLE clicks ADD COLUMN visitor_hash TEXT;
  ALTER TABLE clicks ADD COLUMN continent_code TEXT;
  ALTER TABLE clicks ADD COLUMN city_name TEXT;
  ALTER TABLE clicks ADD COLUMN browser_language TEXT;
  ALTER TABLE clicks ADD COLUMN referrer_host TEXT;
  ALTER TABLE clicks ADD COLUMN referrer_path TEXT;
  ALTER TABLE clicks ADD COLUMN utm_source TEXT;
  ALTER TABLE clicks ADD COLUMN utm_medium TEXT;
  ALTER TABLE clicks ADD COLUMN utm_campaign TEXT;
  `,
  // 4: global domains (real deployments' domains the operator offers to every account): links of
  // any account may use them, but they are in no account's GET /api/domains.
  `
  ALTER TABLE domains ADD COLUMN is_global INTEGER NOT NULL DEFAULT 0;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const current = row.user_version;
  if (current > SCHEMA_VERSION) {
    throw new Error(`The sandbox data file has schema version ${current}; this sandbox knows up to ${SCHEMA_VERSION}.`);
  }
  for (let version = current; version < SCHEMA_VERSION; version += 1) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[version] as string);
      // PRAGMA takes no bound parameters; the value is our own integer.
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
