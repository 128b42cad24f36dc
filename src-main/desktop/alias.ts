// Client-generated aliases for links made by shorten-from-clipboard: the short URL is known before
// the service has seen the link (offline too), and alias + domain is the create's natural key.
import { getRandomValues } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const ALIAS_LENGTH = 7;

export type RandomFill = (bytes: Uint8Array) => Uint8Array;

export function generateAlias(fill: RandomFill = (bytes) => getRandomValues(bytes), length = ALIAS_LENGTH): string {
  // Rejection sampling: 248 = 4 * 62, so every character is equally likely.
  let alias = '';
  while (alias.length < length) {
    for (const byte of fill(new Uint8Array(length * 2))) {
      if (byte < 248 && alias.length < length) alias += ALPHABET[byte % 62];
    }
  }
  return alias;
}
