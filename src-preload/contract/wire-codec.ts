// JSON for the preview's WebSocket transport. Electron IPC carries Uint8Array (file uploads) by
// structured clone; JSON cannot, so bytes travel as base64 under a marker key.

const BYTES = '$bytes';

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? { [BYTES]: toBase64(item) } : item));
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const keys = Object.keys(item);
      const encoded = (item as Record<string, unknown>)[BYTES];
      if (keys.length === 1 && typeof encoded === 'string') return fromBase64(encoded);
    }
    return item;
  });
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
