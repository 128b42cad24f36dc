// The image formats the cloaking uploads accept, recognised by their first bytes (magic numbers),
// never by the file name or the type the client claims. SVG is refused: it can carry script.
// Shared: the editor says so before the dialog closes, the sandbox refuses like a real service.
export interface ImageType {
  mime: string;
  ext: string;
}

const FORMATS: { ext: string; mime: string; test: (bytes: Uint8Array) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { ext: 'gif', mime: 'image/gif', test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { ext: 'webp', mime: 'image/webp', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { ext: 'ico', mime: 'image/x-icon', test: (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]) && b.length >= 6 },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

export const FAVICON_EXTS = ['png', 'jpg', 'gif', 'webp', 'ico'] as const;
export const OPENGRAPH_EXTS = ['png', 'jpg', 'gif', 'webp'] as const;

export function detectImage(bytes: Uint8Array, allowed: readonly string[]): ImageType | null {
  const format = FORMATS.find((candidate) => allowed.includes(candidate.ext) && candidate.test(bytes));
  return format ? { mime: format.mime, ext: format.ext } : null;
}

/** "PNG, JPEG, GIF, WebP or ICO" */
export function formatNames(allowed: readonly string[]): string {
  const names = allowed.map((ext) => ({ png: 'PNG', jpg: 'JPEG', gif: 'GIF', webp: 'WebP', ico: 'ICO' })[ext] ?? ext.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}
