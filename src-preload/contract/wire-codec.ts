// JSON for the preview's WebSocket transport. Electron IPC carries Uint8Array (file uploads) by
// structured clone; JSON cannot, so bytes travel as base64 under a marker key.

const BYTES = '$bytes';

// A replacer or reviver runs for every key and makes JSON several times slower; listings of
// 1,000 links carry no bytes, so both are used only when bytes are there.
export function encodeWire(value: unknown): string {
  if (!hasBytes(value)) return JSON.stringify(value);
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? { [BYTES]: toBase64(item) } : item));
}

/**
 * JSON of a value that holds no bytes by construction, without looking for them: the results of
 * resource calls are service data parsed from JSON text and normalised into plain values, and a
 * 1,000-link page is ~100,000 values a bytes walk would visit before JSON.stringify visits them again.
 */
export function encodeWireData(value: unknown): string {
  return JSON.stringify(value);
}

/** Strings at least this long may travel after a message's JSON, as they are (segments). */
const SEGMENT_MIN = 64 * 1024;
/** The first character of a message with segments (a JSON message begins with `{`). */
const SEGMENTED = 'S';

type Path = (string | number)[];

/**
 * encodeWireData, with each long string (a listed page's ~850,000-character text) lifted out of
 * the JSON and sent after it as it is: `S<JSON of {value, segments: [{path, length}]}>\n<texts>`.
 * As a JSON string such a text is escaped quote by quote on the way out and unescaped on the way
 * in; as a segment it is neither (JSON.stringify writes no raw newline, so the first one ends the
 * header). Only well-formed strings are lifted: WebSocket text is UTF-8, which has no lone
 * surrogate (JSON escapes those).
 */
export function encodeWireSegments(value: unknown): string {
  const segments: { path: Path; text: string }[] = [];
  const lifted = lift(value, [], segments);
  if (segments.length === 0) return JSON.stringify(value);
  const header = JSON.stringify({ value: lifted, segments: segments.map(({ path, text }) => ({ path, length: text.length })) });
  return `${SEGMENTED}${header}\n${segments.map((segment) => segment.text).join('')}`;
}

/** `value` with its long strings as null (in copies of the containers holding them), each noted in `segments`. */
function lift(value: unknown, path: Path, segments: { path: Path; text: string }[]): unknown {
  if (typeof value === 'string') {
    if (value.length < SEGMENT_MIN || !value.isWellFormed()) return value;
    segments.push({ path: [...path], text: value });
    return null;
  }
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string | number, unknown> | undefined;
  const record = value as Record<string | number, unknown>;
  const visit = (key: string | number) => {
    const item = record[key];
    // Numbers, booleans and null hold no string: most of a listed page's ends and heads.
    if (item === null || (typeof item !== 'object' && typeof item !== 'string')) return;
    path.push(key);
    const out = lift(item, path, segments);
    path.pop();
    if (out !== item) (copy ??= (Array.isArray(value) ? [...(value as unknown[])] : { ...record }) as Record<string | number, unknown>)[key] = out;
  };
  if (Array.isArray(value)) for (let index = 0; index < value.length; index++) visit(index);
  else for (const key of Object.keys(value)) visit(key);
  return copy ?? value;
}

/**
 * A message from the other end. `segments`: it may carry segments (encodeWireSegments), as main's
 * answers to the window may; main reads none from a window (a call's input is small), so a peer
 * cannot make it walk one.
 */
export function decodeWire(text: string, options: { segments?: boolean } = {}): unknown {
  if (text.startsWith(SEGMENTED)) {
    if (!options.segments) throw new Error('A message with segments where none may come.');
    return decodeSegments(text);
  }
  if (!text.includes(`"${BYTES}"`)) return JSON.parse(text);
  return JSON.parse(text, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const keys = Object.keys(item);
      const encoded = (item as Record<string, unknown>)[BYTES];
      if (keys.length === 1 && typeof encoded === 'string') return fromBase64(encoded);
    }
    return item;
  });
}

function hasBytes(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasBytes);
  for (const key in value) if (hasBytes((value as Record<string, unknown>)[key])) return true;
  return false;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function decodeSegments(text: string): unknown {
  const newline = text.indexOf('\n');
  if (newline < 0) throw new Error('A message with segments has no end to its header.');
  const header = JSON.parse(text.slice(SEGMENTED.length, newline)) as { value: unknown; segments: { path: Path; length: number }[] } | null;
  if (typeof header !== 'object' || header === null || !Array.isArray(header.segments) || !header.segments.every((s) => typeof s === 'object' && s !== null)) {
    throw new Error('A message with segments has a header that does not say where they go.');
  }
  let at = newline + 1;
  let { value } = header;
  for (const { path, length } of header.segments) {
    if (!Number.isSafeInteger(length) || length < 0 || at + length > text.length) throw new Error('A message’s segments run past its end.');
    const segment = text.slice(at, at + length);
    if (!Array.isArray(path) || path.length > 0) placeAt(value, path, segment);
    else if (value === null)
      value = segment; // the whole value was one long string
    else throw new Error('A message’s segment has no place in it.');
    at += length;
  }
  if (at !== text.length) throw new Error('A message’s segments do not add up to it.');
  return value;
}

/** Puts `text` where the header holds null for it: only along the header's own properties. */
function placeAt(value: unknown, path: Path, text: string): void {
  let container = value;
  if (!Array.isArray(path)) throw new Error('A message’s segment has no place in it.');
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (typeof container !== 'object' || container === null || !Object.hasOwn(container, key)) throw new Error('A message’s segment has no place in it.');
    const record = container as Record<string | number, unknown>;
    if (i === path.length - 1) {
      if (record[key] !== null) throw new Error('A message’s segment has no place in it.');
      record[key] = text;
      return;
    }
    container = record[key];
  }
  throw new Error('A message’s segment has no place in it.');
}
