// Only http(s) addresses may leave the app for the system browser; anything else (file:,
// javascript:, custom schemes that launch programs, credentials in the URL) is refused.

export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 8192 || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}
