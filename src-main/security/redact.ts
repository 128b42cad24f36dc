// The one redaction of secrets from text that leaves main (issue #14). A service may echo the key
// anywhere: an error title, a 200-with-error body, a redirect's Location (URL-encoded there), a
// connection test's answer. Main applies this where results and events cross to the renderer
// (ipc/call-router.ts, main-services.ts), not at each place a message is built.

export const REDACTED = '[redacted]';

/**
 * Shorter "keys" would blank out ordinary letters all over a message; real keys are far longer
 * (the sandbox's are 36 characters), and the contract refuses none, so this is only a floor.
 */
const MIN_SECRET_LENGTH = 4;

/** `Bearer <token>` of any key, known or not; a short word after "Bearer" is prose, not a token. */
const BEARER = /\b(Bearer)\s+[^\s"'<>]{12,}/gi;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a key takes in text: as is, and URL-encoded with upper- or lower-case hex. */
function forms(key: string): string[] {
  const encoded = encodeURIComponent(key);
  return [key, encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())];
}

/** Every form of every secret long enough to be one, longest first, as they are in text. */
function secretForms(secrets: Iterable<string>): string[] {
  const texts = new Set<string>();
  for (const secret of secrets) if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) for (const form of forms(secret)) texts.add(form);
  // Longest first, so a key is never half-replaced by a shorter one it contains.
  return [...texts].sort((a, b) => b.length - a.length);
}

const literals = (secrets: Iterable<string>): string[] => secretForms(secrets).map(escape);

/**
 * `value` with every string cleaned of the secrets, any URL-encoded form of them and (unless
 * `tokens` is false) any bearer token. Objects and arrays are walked; what holds no secret is
 * returned as it was (same object).
 * A list page of 1,000 links is ~25,000 strings: each is tested once against one pattern that
 * matches at least what cleaning would change, and nothing is copied unless something changes.
 */
export function redactSecrets<T>(value: T, secrets: Iterable<string>, options: { tokens?: boolean } = {}): T {
  const tokens = options.tokens ?? true;
  const keys = literals(secrets);
  const known = keys.length > 0 ? new RegExp(keys.join('|'), 'g') : null;
  const patterns = tokens ? [...keys, '\\bbearer\\s'] : keys;
  if (patterns.length === 0) return value;
  const probe = new RegExp(patterns.join('|'), 'i');
  // Known keys first, whole: a token pattern could otherwise take half of a key and leave the rest.
  const clean = (text: string): string => {
    const cleaned = known ? text.replace(known, REDACTED) : text;
    return tokens ? cleaned.replace(BEARER, `$1 ${REDACTED}`) : cleaned;
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return probe.test(item) ? clean(item) : item;
    if (typeof item !== 'object' || item === null || ArrayBuffer.isView(item)) return item;
    if (Array.isArray(item)) {
      let next: unknown[] | undefined;
      for (let index = 0; index < item.length; index++) {
        const entry: unknown = item[index];
        const cleaned = walk(entry);
        if (cleaned !== entry) (next ??= [...item])[index] = cleaned;
      }
      return next ?? item;
    }
    let next: Record<string, unknown> | undefined;
    const record = item as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const entry = record[key];
      const cleaned = walk(entry);
      if (cleaned !== entry) (next ??= { ...record })[key] = cleaned;
    }
    return next ?? item;
  };
  return walk(value) as T;
}

/** Characters JSON.stringify writes escaped: `"`, `\\`, controls and lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Whether JSON text made by JSON.stringify may hold one of the secrets in one of its strings,
 * without parsing it: JSON writes a string's characters as they are but for the ones it escapes,
 * so a secret none of whose forms has such a character is in a string only if it is in the text.
 * True when the text shows one (in any case, as the walk's probe) or a form has such a character.
 */
export function textMayHoldSecret(text: string, secrets: Iterable<string>): boolean {
  const keys = secretForms(secrets);
  if (keys.length === 0) return false;
  if (keys.some((key) => JSON_ESCAPED.test(key))) return true;
  return new RegExp(keys.map(escape).join('|'), 'i').test(text);
}
