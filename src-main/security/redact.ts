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

function pattern(secrets: Iterable<string>): RegExp | null {
  const texts = new Set<string>();
  for (const secret of secrets) if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) for (const form of forms(secret)) texts.add(form);
  // Longest first, so a key is never half-replaced by a shorter one it contains.
  const literals = [...texts].sort((a, b) => b.length - a.length).map(escape);
  return literals.length > 0 ? new RegExp(literals.join('|'), 'g') : null;
}

/**
 * `value` with every string cleaned of the secrets, any URL-encoded form of them and any bearer
 * token. Objects and arrays are walked; what holds no secret is returned as it was (same object).
 */
export function redactSecrets<T>(value: T, secrets: Iterable<string>): T {
  const known = pattern(secrets);
  // Known keys first, whole: a token pattern could otherwise take half of a key and leave the rest.
  const clean = (text: string): string => (known ? text.replace(known, REDACTED) : text).replace(BEARER, `$1 ${REDACTED}`);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return clean(item);
    if (Array.isArray(item)) {
      const next = item.map(walk);
      return next.some((entry, index) => entry !== item[index]) ? next : item;
    }
    if (typeof item === 'object' && item !== null) {
      let changed = false;
      const next: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(item)) {
        next[key] = walk(entry);
        if (next[key] !== entry) changed = true;
      }
      return changed ? next : item;
    }
    return item;
  };
  return walk(value) as T;
}
