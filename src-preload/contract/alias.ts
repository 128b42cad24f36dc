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

/**
 * The key two aliases are compared by, as real deployments compare them: their database folds case
 * (and Unicode forms), so `Promo` and `promo` name one link. Compared in NFC, case-folded.
 */
export function aliasKey(alias: string): string {
  return alias.normalize('NFC').toLowerCase();
}

const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
] as const;

/**
 * A warning (not a refusal) for an alias whose letters come from more than one of the alphabets
 * that look alike: "pаypal" with a Cyrillic "а" reads as another link's alias.
 */
export function aliasLookalikeWarning(alias: string): string | null {
  const found = SCRIPTS.filter(([, pattern]) => pattern.test(alias)).map(([name]) => name);
  if (found.length < 2) return null;
  return `This alias mixes ${found.join(' and ')} letters, so it can look exactly like a different alias. Check that it is what you mean.`;
}
