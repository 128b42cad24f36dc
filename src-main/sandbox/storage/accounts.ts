// Accounts: one per API key. Only a hash of the key is stored, so a data file never holds a key.
// Each account has a time zone (an IANA name): its schedule dates are wall-clock times there.
import { createHash } from 'node:crypto';
import { getRow, run, type Db } from './db.ts';

export interface AccountRecord {
  id: number;
  timezone: string;
  datetime: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Returns the account id of the key, creating the account (in `timezone`) the first time the key is seen. */
export function ensureAccount(db: Db, key: string, datetime: string, timezone = 'UTC'): number {
  const keyHash = hashKey(key);
  const existing = getRow<{ id: number }>(db, 'SELECT id FROM accounts WHERE key_hash = ?', keyHash);
  if (existing) return existing.id;
  return run(db, 'INSERT INTO accounts (key_hash, datetime, timezone) VALUES (?, ?, ?)', keyHash, datetime, timezone).id;
}

export function createAccountRepository(db: Db) {
  return {
    get(id: number): AccountRecord | undefined {
      return getRow<AccountRecord>(db, 'SELECT id, timezone, datetime FROM accounts WHERE id = ?', id);
    },
    setTimezone(id: number, timezone: string): void {
      run(db, 'UPDATE accounts SET timezone = ? WHERE id = ?', timezone, id);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
