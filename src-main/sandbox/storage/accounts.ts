// Accounts: one per API key. Only a hash of the key is stored, so a data file never holds a key.
import { createHash } from 'node:crypto';
import { getRow, run, type Db } from './db.ts';

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Returns the account id of the key, creating the account the first time the key is seen. */
export function ensureAccount(db: Db, key: string, datetime: string): number {
  const keyHash = hashKey(key);
  const existing = getRow<{ id: number }>(db, 'SELECT id FROM accounts WHERE key_hash = ?', keyHash);
  if (existing) return existing.id;
  return run(db, 'INSERT INTO accounts (key_hash, datetime) VALUES (?, ?)', keyHash, datetime).id;
}
