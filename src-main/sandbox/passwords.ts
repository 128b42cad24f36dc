// Link passwords are stored as scrypt hashes (real deployments show a hash, never the password).
// A low cost factor is enough for a local test service and keeps tests fast.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = 1024;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(cost) });
  return timingSafeEqual(actual, expected);
}
