// Checks a password given on a link's page, with guess limiting per link and client address
// (password-attempts.ts). Each attempt is counted before its hash is checked: the check takes a
// few hundred milliseconds, and parallel guesses must not all pass the lockout test meanwhile.
import { verifyPassword } from '../passwords.ts';
import type { LinkRecord } from '../storage/links.ts';
import { checkAccessToken } from './access.ts';
import { createAttemptTable, type AttemptPolicy } from './password-attempts.ts';
import type { RequestFacts } from './resolve.ts';

export type PasswordOutcome = RequestFacts['password'] | { lockedForMs: number };

export interface PasswordCheckInput {
  link: Pick<LinkRecord, 'id' | 'password_hash'>;
  password: string | undefined;
  /** The consent page's token: proof of a password given before. */
  access: string | undefined;
  address: string;
}

export function createPasswordCheck(pageSecret: Buffer, now: () => Date, policy: Partial<AttemptPolicy> = {}) {
  const attempts = createAttemptTable(() => now().getTime(), policy);
  return async function checkPassword({ link, password, access, address }: PasswordCheckInput): Promise<PasswordOutcome> {
    if (!link.password_hash) return 'none';
    if (access !== undefined && checkAccessToken(pageSecret, link.id, link.password_hash, access)) return 'ok';
    if (password === undefined) return 'none';
    const lockedForMs = attempts.lockedForMs(link.id, address);
    if (lockedForMs > 0) return { lockedForMs };
    attempts.failed(link.id, address);
    if (!(await verifyPassword(password, link.password_hash))) return 'wrong';
    attempts.succeeded(link.id, address);
    return 'ok';
  };
}
