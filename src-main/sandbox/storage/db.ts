// Opens the sandbox database (a file or ':memory:') and brings its schema up to date.
import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { migrate } from './migrations.ts';

export type Db = DatabaseSync;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') keepPrivate(file);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA foreign_keys = ON');
  if (file !== ':memory:') {
    // WAL lets a reader (e.g. a second sandbox run inspecting the file) work beside the writer.
    db.exec('PRAGMA journal_mode = WAL');
    // A write is answered 2xx only after its COMMIT; FULL makes that COMMIT fsync the WAL, so an
    // acknowledged write survives a power loss or OS crash too, not just a killed process (NORMAL
    // in WAL mode syncs only at checkpoints: the last commits may roll back after a power loss).
    // Node's SQLite build defaults to FULL already; set here so no build or default can change it.
    // The cost is one fsync per write request (test/main/sandbox/durability.test.ts).
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA busy_timeout = 5000');
  }
  migrate(db);
  return db;
}

/**
 * The database holds the accounts' keys and links: 0600 (issue #36). Made before SQLite opens it,
 * so SQLite's own default (0644) never applies; its WAL and shared-memory files take the
 * database's mode. Files left looser by an earlier run are tightened. Best effort: what cannot be
 * made or changed here is left to SQLite to open (or to refuse with its own message), as before.
 */
function keepPrivate(file: string): void {
  if (process.platform === 'win32') return;
  const attempt = (step: () => void): void => {
    try {
      step();
    } catch {
      // See above.
    }
  };
  attempt(() => closeSync(openSync(file, 'a', 0o600)));
  for (const suffix of ['', '-wal', '-shm']) attempt(() => chmodSync(`${file}${suffix}`, 0o600));
}

/** Runs fn in one transaction: everything it writes lands, or nothing does. */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

type Row = Record<string, unknown>;

// Compiling SQL costs more than running these small statements, and the same few statements run
// on every request (a redirect is three of them): compile each once per database.
const statements = new WeakMap<Db, Map<string, StatementSync>>();
function statement(db: Db, sql: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

export function getRow<T>(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): T | undefined {
  return statement(db, sql).get(...params) as T | undefined;
}

export function allRows<T>(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): T[] {
  return statement(db, sql).all(...params) as T[];
}

/** Counts the writes made through run(); readers that cache rows compare it to know they are stale. */
const generations = new WeakMap<Db, number>();
export function writeGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

export function run(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): { changes: number; id: number } {
  generations.set(db, writeGeneration(db) + 1);
  const result = statement(db, sql).run(...params);
  return { changes: Number(result.changes), id: Number(result.lastInsertRowid) };
}

export type { Row };
