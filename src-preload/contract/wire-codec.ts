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

export function decodeWire(text: string): unknown {
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
