// Where an API key may travel (issue #14). Pure rules shared by main (which enforces them), the
// contract's schemas and the renderer's forms (which ask the user before main would refuse).

/** The origin (scheme, host, port) of a URL, or null when it is not one. */
export function originOf(url: string): string | null {
  if (typeof url !== 'string' || !URL.canParse(url.trim())) return null;
  const origin = new URL(url.trim()).origin;
  return origin === 'null' ? null : origin;
}

/**
 * A key belongs to the origin it was entered for: a new scheme, host or port needs the key again;
 * another path on the same origin does not.
 */
export function sameOrigin(a: string, b: string): boolean {
  const left = originOf(a);
  return left !== null && left === originOf(b);
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  // The URL parser has already turned every IPv4 spelling (0x7f.1, 2130706433) into dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Plain http to anything but this machine: the key would cross the network in clear text. */
export function isInsecureHttp(url: string): boolean {
  if (typeof url !== 'string' || !URL.canParse(url.trim())) return false;
  const parsed = new URL(url.trim());
  return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
}

export const INSECURE_HTTP_WARNING =
  'This address uses plain http:// to another computer: your API key and everything you edit would travel in clear ' +
  'text, readable and changeable by anyone on the network path. Use https:// if the service offers it.';
