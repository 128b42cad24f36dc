// The proxy list a system's settings give for a URL (Electron's session.resolveProxy answers in
// PAC's form: "PROXY proxy.corp:3128; DIRECT"), read into the first way out undici can take.
// Undici speaks to HTTP, HTTPS and SOCKS5 proxies; other kinds (SOCKS4, QUIC) are skipped with
// the reason, and a list with nothing usable falls back to a direct connection.

export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; uri: string; address: string };

export interface ProxyChoice {
  route: ProxyRoute;
  /** Why entries before the chosen one (or all, when falling back to direct) were not used. */
  skipped: string[];
}

/** Longer answers are not a proxy list (a PAC script's answer is a few entries). */
const MAX_ANSWER = 2000;
const MAX_ENTRIES = 16;

const SCHEMES: Record<string, { scheme: string; port: number } | undefined> = {
  PROXY: { scheme: 'http', port: 80 },
  HTTP: { scheme: 'http', port: 80 },
  HTTPS: { scheme: 'https', port: 443 },
  SOCKS5: { scheme: 'socks5', port: 1080 },
};

const UNSUPPORTED: Record<string, string> = {
  SOCKS: 'SOCKS4 proxies are not supported (only HTTP, HTTPS and SOCKS5)',
  SOCKS4: 'SOCKS4 proxies are not supported (only HTTP, HTTPS and SOCKS5)',
  QUIC: 'QUIC proxies are not supported (only HTTP, HTTPS and SOCKS5)',
};

/** One entry ("PROXY host:port") as a route, or why it cannot be one. */
function readEntry(entry: string): ProxyRoute | { skip: string } {
  const [word = '', target, ...rest] = entry.split(/\s+/);
  const kind = word.toUpperCase();
  if (kind === 'DIRECT' && target === undefined) return { kind: 'direct' };
  const known = SCHEMES[kind];
  if (!known) return { skip: `"${entry}": ${UNSUPPORTED[kind] ?? 'not a proxy entry Linkdock knows'}` };
  if (!target || rest.length > 0) return { skip: `"${entry}": no host:port` };
  let parsed: URL;
  try {
    parsed = new URL(`${known.scheme}://${target}`);
  } catch {
    return { skip: `"${entry}": not a host:port` };
  }
  if (!parsed.hostname || parsed.username || parsed.password || (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search || parsed.hash) {
    return { skip: `"${entry}": not a host:port` };
  }
  const port = parsed.port || String(known.port);
  const address = `${parsed.hostname}:${port}`;
  return { kind: 'proxy', uri: `${known.scheme}://${address}`, address };
}

export function chooseProxy(answer: string): ProxyChoice {
  const skipped: string[] = [];
  if (typeof answer !== 'string' || answer.length > MAX_ANSWER) {
    return { route: { kind: 'direct' }, skipped: ['the proxy settings gave an answer Linkdock cannot read'] };
  }
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const read = readEntry(entry);
    if ('skip' in read) skipped.push(read.skip);
    else return { route: read, skipped };
  }
  return { route: { kind: 'direct' }, skipped };
}
