// The short URL of a link in the mirror. The rule is the contract's (main builds the same URLs
// for the tray and the clipboard); rows here refer to their domain by client id, so the caller
// says whether it is the main domain and hands in the custom domain when it is not.
import { tryBuildShortUrl } from '../../../src-preload/contract/short-url.ts';

export interface ShortUrlDomain {
  scheme: string;
  host: string;
}

export function shortUrlOf(baseUrl: string, alias: string, isMainDomain: boolean, domain: ShortUrlDomain | null | undefined): string | null {
  // Any non-zero domain id means "the custom domain given here".
  return tryBuildShortUrl({ baseUrl, link: { url: alias, domain_id: isMainDomain ? 0 : -1 }, domain: domain ?? null });
}
