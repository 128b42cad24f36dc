// The way out for each request: the system's proxy for that URL (Electron's session.resolveProxy,
// handed in as a port so Node tests inject their own), through undici's ProxyAgent, or direct; the
// system's certificate authorities trusted on every path (trusted-certificates.ts). Answers are
// cached per origin for a minute and dispatchers per proxy, both bounded; a failed lookup or an
// unusable proxy list falls back to a direct connection with the reason logged once.
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { chooseProxy } from './proxy-rules.ts';
import { trustedCertificates, type TrustOptions } from './trusted-certificates.ts';
import type { NetworkRoute, RoutedDispatcher } from './transport.ts';

export interface NetworkRouterOptions extends TrustOptions {
  /** The proxy list for a URL, PAC-style ("PROXY host:port; DIRECT"); absent: always direct. */
  resolveProxy?: (url: string) => Promise<string>;
  log?: { info(message: string): void; warn(message: string): void };
  /** How long a URL's proxy answer is reused (settings rarely change; a lookup is an IPC to the network service). */
  cacheMs?: number;
  /** A lookup that takes longer is abandoned for a direct connection. */
  resolveTimeoutMs?: number;
  now?: () => number;
}

const CACHE_MS = 60_000;
const RESOLVE_TIMEOUT_MS = 5_000;
const MAX_ORIGINS = 256;
const MAX_PROXIES = 16;
const MAX_LOGGED = 64;

export class NetworkRouter implements NetworkRoute {
  readonly #options: NetworkRouterOptions;
  readonly #answers = new Map<string, { at: number; route: Promise<RoutedDispatcher> }>();
  readonly #proxies = new Map<string, Dispatcher>();
  readonly #logged = new Set<string>();
  #direct: Dispatcher | null = null;
  #ca: string[] | null = null;

  constructor(options: NetworkRouterOptions = {}) {
    this.#options = options;
  }

  dispatcherFor(url: URL): Promise<RoutedDispatcher> {
    const now = (this.#options.now ?? Date.now)();
    const key = url.origin;
    const cached = this.#answers.get(key);
    if (cached && now - cached.at < (this.#options.cacheMs ?? CACHE_MS)) return cached.route;
    const route = this.#resolve(url);
    this.#answers.delete(key);
    this.#answers.set(key, { at: now, route });
    if (this.#answers.size > MAX_ORIGINS) this.#answers.delete(this.#answers.keys().next().value as string);
    return route;
  }

  /** Closes every dispatcher (quit, tests). */
  async close(): Promise<void> {
    const all = [...this.#proxies.values(), ...(this.#direct ? [this.#direct] : [])];
    this.#proxies.clear();
    this.#direct = null;
    this.#answers.clear();
    await Promise.all(all.map((d) => d.close().catch(() => undefined)));
  }

  async #resolve(url: URL): Promise<RoutedDispatcher> {
    const { resolveProxy } = this.#options;
    if (!resolveProxy) return { dispatcher: this.#directDispatcher(), proxy: null };
    let answer: string;
    try {
      answer = await withTimeout(resolveProxy(url.href), this.#options.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS);
    } catch (error) {
      this.#once('warn', `proxy lookup for ${url.origin} failed, connecting directly: ${error instanceof Error ? error.message : String(error)}`);
      return { dispatcher: this.#directDispatcher(), proxy: null };
    }
    const { route, skipped } = chooseProxy(answer);
    if (skipped.length > 0) {
      const fallback = route.kind === 'direct' ? 'connecting directly' : `using ${route.uri}`;
      this.#once('warn', `proxy settings for ${url.origin} ("${answer.slice(0, 200)}"): ${skipped.join('; ')}; ${fallback}`);
    }
    if (route.kind === 'direct') return { dispatcher: this.#directDispatcher(), proxy: null };
    let dispatcher: Dispatcher;
    try {
      dispatcher = this.#proxyDispatcher(route.uri);
    } catch (error) {
      this.#once('warn', `proxy ${route.uri} for ${url.origin} not usable, connecting directly: ${error instanceof Error ? error.message : String(error)}`);
      return { dispatcher: this.#directDispatcher(), proxy: null };
    }
    this.#once('info', `requests to ${url.origin} go through the proxy ${route.uri} (system proxy settings)`);
    return { dispatcher, proxy: route.address };
  }

  #trusted(): string[] {
    this.#ca ??= trustedCertificates({ ...this.#options, warn: (message) => this.#once('warn', message) });
    return this.#ca;
  }

  #directDispatcher(): Dispatcher {
    this.#direct ??= new Agent({ connect: { ca: this.#trusted() } });
    return this.#direct;
  }

  #proxyDispatcher(uri: string): Dispatcher {
    let dispatcher = this.#proxies.get(uri);
    if (!dispatcher) {
      const ca = this.#trusted();
      // proxyTunnel false: an https request still goes through a CONNECT tunnel (TLS end to end), a
      // plain http one is forwarded as browsers do. Nothing here sets a Proxy-Authorization header.
      dispatcher = new ProxyAgent({ uri, proxyTunnel: false, requestTls: { ca }, proxyTls: { ca } });
      this.#proxies.set(uri, dispatcher);
      if (this.#proxies.size > MAX_PROXIES) {
        const [oldest, old] = this.#proxies.entries().next().value as [string, Dispatcher];
        this.#proxies.delete(oldest);
        // Cached answers may still name it: they are looked up again rather than handed a closed dispatcher.
        this.#answers.clear();
        void old.close().catch(() => undefined);
      }
    }
    return dispatcher;
  }

  /** Logs a line once (a proxy decision repeats for every request). */
  #once(level: 'info' | 'warn', message: string): void {
    if (this.#logged.has(message)) return;
    if (this.#logged.size >= MAX_LOGGED) this.#logged.clear();
    this.#logged.add(message);
    this.#options.log?.[level](message);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
