// Only http(s) addresses may leave the app for the system browser; anything else (file:,
// javascript:, custom schemes that launch programs, credentials in the URL) is refused.

export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 8192 || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

/**
 * The system's "open this address" with the rule above built in, so every caller (the contract
 * call, the window's link guard, the tray's menu) is held to it, including ones written later.
 */
export function guardedOpenExternal(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (raw) => {
    const url = safeExternalUrl(raw);
    if (!url) throw new Error('Only http:// and https:// addresses are opened outside Linkdock.');
    await open(url);
  };
}
