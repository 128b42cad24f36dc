// Alias rules beyond the contract's AliasSchema, because an alias is also a path segment the
// sandbox serves: no control characters, no dot segments, no names its own routes use.
import { randomInt } from 'node:crypto';

export const RESERVED_ALIASES = ['api', 'uploads', 'favicon.ico', 'robots.txt'] as const;

export function aliasProblem(alias: string): string | null {
  // Control, format (bidi overrides, zero-width), separator, surrogate and unassigned characters
  // would make an alias that looks like another one or cannot be typed.
  if (/[\p{Cc}\p{Cf}\p{Z}\p{Cs}\p{Co}\p{Cn}]/u.test(alias)) return 'An alias cannot contain control, invisible or space characters';
  if (alias === '.' || alias === '..') return 'An alias cannot be "." or ".."';
  if (/[\\%]/.test(alias)) return 'An alias cannot contain "\\" or "%"';
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
