// The workspace base URL as the client uses it: http(s), no credentials, ending in '/'.
import { invalid } from './errors.ts';
import { siteUrl } from './short-url.ts';

export function normaliseBaseUrl(baseUrl: string): URL {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl.trim())) throw invalid('The service address is not a valid URL.');
  const url = new URL(siteUrl(baseUrl));
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw invalid('The service address must be an http(s) URL without credentials.');
  }
  return url;
}
