// The short URL of a link (real-service-notes.md "Short URL"), pure so main (tray, clipboard) and
// the renderer (lists, QR codes) build it the same way: on a custom domain
// `scheme + host + "/" + url`; on the main domain (domain_id 0) the service's site URL — the
// workspace base URL, which may include a path and ends in `/` — followed by `url`.

export interface ShortUrlArgs {
  baseUrl: string;
  link: { url: string; domain_id: number };
  /** The link's custom domain; needed unless domain_id is 0. */
  domain?: { scheme: string; host: string } | null;
}

/** `https://` from `https`, `https:`, `https://` or nothing. */
export function normaliseScheme(value: string): string {
  const name = value
    .trim()
    .toLowerCase()
    .replace(/:?\/*$/, '');
  return name === '' ? 'https://' : `${name}://`;
}

/** The base URL with exactly one trailing slash, no query or fragment. */
export function siteUrl(baseUrl: string): string {
  const url = new URL(baseUrl.trim());
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/**
 * Null when it cannot be known: a custom domain that is not given (a global domain missing from
 * the user's list), or an unusable base URL. A wrong URL copied to the clipboard is worse than none.
 */
export function tryBuildShortUrl(args: ShortUrlArgs): string | null {
  const alias = args.link.url.replace(/^\/+/, '');
  if (args.link.domain_id === 0) {
    if (!URL.canParse(args.baseUrl.trim())) return null;
    return siteUrl(args.baseUrl) + alias;
  }
  const host = args.domain?.host.trim().replace(/\/+$/, '');
  if (!args.domain || !host) return null;
  return `${normaliseScheme(args.domain.scheme)}${host}/${alias}`;
}
