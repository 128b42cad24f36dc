// Client-generated aliases: every link create gets a natural key (alias + domain) so a create of
// unknown outcome can be reconciled, and the short URL is known while offline. Main (shorten from
// clipboard) and the renderer (links created without an alias) make them the same way.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CLIENT_ALIAS_LENGTH = 7;

export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export const cryptoRandomBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

export function generateAlias(randomBytes: RandomBytes = cryptoRandomBytes, length = CLIENT_ALIAS_LENGTH): string {
  // Rejection sampling: 248 = 4 * 62, so every character is equally likely.
  let alias = '';
  while (alias.length < length) {
    for (const byte of randomBytes(new Uint8Array(length * 2))) {
      if (byte < 248 && alias.length < length) alias += ALPHABET[byte % 62];
    }
  }
  return alias;
}
