// Alias rules: the contract's (one readable path segment), plus the names the sandbox's own
// routes use.
import { randomInt } from 'node:crypto';
import { aliasProblem as contractAliasProblem } from '../../src-preload/contract/inputs.ts';

export const RESERVED_ALIASES = ['api', 'uploads', 'favicon.ico', 'robots.txt'] as const;

export function aliasProblem(alias: string): string | null {
  const problem = contractAliasProblem(alias);
  if (problem) return problem;
  if ((RESERVED_ALIASES as readonly string[]).includes(alias.toLowerCase())) return `"${alias}" is reserved by the service`;
  return null;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An 8-character random alias; the caller retries while it is taken. */
export function randomAlias(): string {
  let alias = '';
  for (let i = 0; i < 8; i += 1) alias += ALPHABET[randomInt(ALPHABET.length)];
  return alias;
}
