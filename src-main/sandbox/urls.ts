// URL checks the service adds to the contract's isHttpUrl: the WHATWG parser silently drops tabs
// and line breaks, so a URL that "parses" may still carry them into a Location header.
import { isHttpUrl } from '../../src-preload/contract/inputs.ts';

export function unsafeUrlProblem(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'cannot contain tabs, line breaks or control characters';
  return null;
}

/** The URL as it goes into a Location header (punycode host, percent-encoded path and spaces). */
export function locationHeader(value: string): string {
  return isHttpUrl(value) ? new URL(value).href : value;
}
