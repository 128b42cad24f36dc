// Opens the sandbox database (a file or ':memory:') and brings its schema up to date.
import { DatabaseSync } from 'node:sqlite';
import { migrate } from './migrations.ts';

export type Db = DatabaseSync;

export function openDatabase(file: string): Db {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA foreign_keys = ON');
  if (file !== ':memory:') {
    // WAL lets a reader (e.g. a second sandbox run inspecting the file) work beside the writer.
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA busy_timeout = 5000');
  }
  migrate(db);
  return db;
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

export function getRow<T>(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

export function allRows<T>(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

export function run(db: Db, sql: string, ...params: (string | number | null | Uint8Array)[]): { changes: number; id: number } {
  const result = db.prepare(sql).run(...params);
  return { changes: Number(result.changes), id: Number(result.lastInsertRowid) };
}

export type { Row };
