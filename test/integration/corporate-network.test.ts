// Corporate networks with real local servers: the sandbox behind a test HTTP proxy (plain forwarding
// for http, CONNECT for https through a TLS front), the system's certificate authorities trusted,
// and "Test connection" naming proxy and certificate problems in plain words. The key never
// reaches the proxy in a header of its own, nor any origin but its own.
import { createServer as createNetServer, connect as connectTcp, type AddressInfo, type Server as NetServer } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { testConnection } from '../../src-main/service/connection-test.ts';
import { NetworkRouter, type NetworkRouterOptions } from '../../src-main/service/network-route.ts';
import { CallError } from '../../src-preload/contract/errors.ts';
import { startTestProxy, type TestProxy } from '../support/http-proxy.ts';
import { makeCertificate, type TestCertificate } from '../support/test-certificates.ts';

const KEY = 'corporate-key-5f0c2a9e-77d1';
const DAY = 86_400_000;

let sandbox: RunningSandbox;
let proxy: TestProxy;
const fronts: NetServer[] = [];
const routers: NetworkRouter[] = [];
/** The company's authority: in "the system's store" only (the routers' injected system certificates). */
let companyCa: TestCertificate;

/** A TLS front for the sandbox with this certificate: https://127.0.0.1:port/ reaches the sandbox. */
async function tlsFront(certificate: TestCertificate, chain: TestCertificate[] = []): Promise<string> {
  const server: TlsServer = createTlsServer({ key: certificate.key, cert: [certificate.cert, ...chain.map((c) => c.cert)].join('') }, (socket) => {
    const upstream = connectTcp(sandbox.port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fronts.push(server);
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

function router(options: NetworkRouterOptions & { lines?: string[] } = {}): NetworkRouter {
  const lines = options.lines ?? [];
  const made = new NetworkRouter({
    systemCertificates: () => [companyCa.cert],
    log: { info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`) },
    ...options,
  });
  routers.push(made);
  return made;
}
const viaProxy = (): Pick<NetworkRouterOptions, 'resolveProxy'> => ({ resolveProxy: async () => `PROXY ${proxy.address}; DIRECT` });

let companyHttps: string;

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [KEY] });
  proxy = await startTestProxy();
  companyCa = makeCertificate({ subject: 'Example Corp Root CA', authority: true });
  companyHttps = await tlsFront(makeCertificate({ subject: 'links.corp', issuer: companyCa, names: ['127.0.0.1'] }));
});
afterEach(async () => {
  proxy.seen.length = 0;
  proxy.requireSignIn = false;
  proxy.blocked.clear();
  await Promise.all(routers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await Promise.all(fronts.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  await proxy.close();
  await sandbox.close();
});

const keyIn = (value: unknown) => JSON.stringify(value).includes(KEY);

describe('through the system proxy', () => {
  it('http: the request is forwarded by the proxy to the sandbox, which answers', async () => {
    const client = new ServiceClient({ baseUrl: sandbox.url, apiKey: KEY, dispatcher: router(viaProxy()) });
    const page = await client.resource('domains').list();
    expect(page.meta.total).toBeGreaterThanOrEqual(0);
    expect(proxy.seen).toEqual([expect.objectContaining({ kind: 'forward', target: expect.stringMatching(new RegExp(`^${sandbox.url}api/domains/\\?`)) })]);
    // Nothing of Linkdock's own is addressed to the proxy: no Proxy-Authorization, the key only in the origin's header.
    expect(proxy.seen[0]!.headers['proxy-authorization']).toBeUndefined();
    expect(proxy.seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('https: a CONNECT tunnel to the TLS front; the proxy sees host:port and no key at all', async () => {
    const client = new ServiceClient({ baseUrl: companyHttps, apiKey: KEY, dispatcher: router(viaProxy()) });
    await client.resource('links').list();
    await client.resource('domains').list();
    const connects = proxy.seen.filter((s) => s.kind === 'connect');
    expect(connects.length).toBeGreaterThanOrEqual(1);
    expect(connects[0]!.target).toBe(new URL(companyHttps).host);
    expect(proxy.seen.every((s) => s.kind === 'connect')).toBe(true);
    expect(keyIn(proxy.seen)).toBe(false);
    expect(connects[0]!.headers['proxy-authorization']).toBeUndefined();
  });

  it('Test connection through the proxy says Connected', async () => {
    const result = await testConnection({ baseUrl: companyHttps, apiKey: KEY, dispatcher: router(viaProxy()), timeoutMs: 5_000 });
    expect(result).toEqual({ outcome: 'ok', message: 'Connected: the service answered and accepted the key.' });
  });

  it('one lookup per origin within a minute, and one dispatcher per proxy', async () => {
    let lookups = 0;
    const route = router({
      resolveProxy: async () => {
        lookups += 1;
        return `PROXY ${proxy.address}`;
      },
    });
    const a = await route.dispatcherFor(new URL(`${sandbox.url}api/links/`));
    const b = await route.dispatcherFor(new URL(`${sandbox.url}api/domains/`));
    const c = await route.dispatcherFor(new URL(`${companyHttps}api/links/`));
    expect(lookups).toBe(2);
    expect(a.dispatcher).toBe(b.dispatcher);
    expect(c.dispatcher).toBe(a.dispatcher);
    expect(a.proxy).toBe(proxy.address);
  });

  it('a proxy list with nothing usable, or a failed lookup: direct, with the reason logged once', async () => {
    const lines: string[] = [];
    const client = new ServiceClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      dispatcher: router({ lines, resolveProxy: async () => 'SOCKS4 old.corp:1080', cacheMs: 0 }),
    });
    await client.resource('domains').list();
    await client.resource('domains').list();
    expect(proxy.seen).toEqual([]);
    expect(lines).toEqual([
      'warn proxy settings for http://127.0.0.1:' +
        sandbox.port +
        ' ("SOCKS4 old.corp:1080"): "SOCKS4 old.corp:1080": SOCKS4 proxies are not supported (only HTTP, HTTPS and SOCKS5); connecting directly',
    ]);
    const failing: string[] = [];
    const other = new ServiceClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      dispatcher: router({ lines: failing, resolveProxy: () => Promise.reject(new Error('net::ERR_FAILED')) }),
    });
    await other.resource('domains').list();
    expect(failing).toEqual([`warn proxy lookup for ${new URL(sandbox.url).origin} failed, connecting directly: net::ERR_FAILED`]);
  });
});

describe('Test connection names proxy problems', () => {
  it('a proxy that wants a sign-in (407), on a CONNECT and on a forwarded request', async () => {
    proxy.requireSignIn = true;
    for (const baseUrl of [companyHttps, sandbox.url]) {
      const result = await testConnection({ baseUrl, apiKey: KEY, dispatcher: router(viaProxy()), timeoutMs: 5_000 });
      expect(result.outcome).toBe('unreachable');
      expect(result.message).toBe(
        `The proxy ${proxy.address} (from the system's proxy settings) asks for a sign-in (HTTP 407), which Linkdock cannot give: ask your administrator to let ${new URL(baseUrl).origin} through without one.`,
      );
    }
  });

  it('a proxy that is not there', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await testConnection({
      baseUrl: companyHttps,
      apiKey: KEY,
      dispatcher: router({ resolveProxy: async () => `PROXY 127.0.0.1:${port}` }),
      timeoutMs: 5_000,
    });
    expect(result).toEqual({
      outcome: 'unreachable',
      message: `Could not reach the proxy 127.0.0.1:${port} that the system's proxy settings name for ${new URL(companyHttps).origin} (ECONNREFUSED). Check the proxy settings, or the network.`,
    });
  });

  it('a proxy that refuses the destination (403 to CONNECT)', async () => {
    proxy.blocked.add(new URL(companyHttps).host);
    const result = await testConnection({ baseUrl: companyHttps, apiKey: KEY, dispatcher: router(viaProxy()), timeoutMs: 5_000 });
    expect(result.outcome).toBe('unreachable');
    expect(result.message).toBe(
      `The proxy ${proxy.address} (from the system's proxy settings) would not connect to ${new URL(companyHttps).origin} (HTTP 403): the proxy blocks it, or cannot reach it.`,
    );
  });

  it('a forwarded request the proxy cannot deliver (502 page)', async () => {
    const result = await testConnection({ baseUrl: 'http://127.0.0.1:9/', apiKey: KEY, dispatcher: router(viaProxy()), timeoutMs: 5_000 });
    expect(result).toEqual({
      outcome: 'unreachable',
      message: `The proxy ${proxy.address} (from the system's proxy settings) could not reach the service (HTTP 502).`,
    });
  });
});

describe("the system's certificate authorities", () => {
  it("a certificate from an authority in the system's store is trusted (bundled ones still are)", async () => {
    const result = await testConnection({ baseUrl: companyHttps, apiKey: KEY, dispatcher: router({ resolveProxy: async () => 'DIRECT' }), timeoutMs: 5_000 });
    expect(result.outcome).toBe('ok');
    const { trustedCertificates } = await import('../../src-main/service/trusted-certificates.ts');
    const { getCACertificates, rootCertificates } = await import('node:tls');
    // Bundled (and NODE_EXTRA_CA_CERTS) plus the system's, each authority once.
    const trusted = trustedCertificates({ systemCertificates: () => [companyCa.cert, rootCertificates[0]!] });
    expect(trusted).toContain(companyCa.cert.trim());
    expect(trusted).toEqual(expect.arrayContaining(rootCertificates.map((c) => c.trim())));
    expect(trusted.length).toBe(new Set([...getCACertificates('default').map((c) => c.trim()), companyCa.cert.trim()]).size);
  });

  it('without it in the store, the same certificate is refused as from an unknown authority', async () => {
    const result = await testConnection({ baseUrl: companyHttps, apiKey: KEY, dispatcher: router({ systemCertificates: () => [] }), timeoutMs: 5_000 });
    expect(result).toEqual({
      outcome: 'tls',
      message: `The secure connection to ${new URL(companyHttps).origin} failed: its certificate was issued by an authority this computer does not trust (a network that inspects secure connections needs its authority in the system's certificate store) (UNABLE_TO_VERIFY_LEAF_SIGNATURE).`,
    });
  });

  it('an unreadable system store leaves the bundled authorities, with the reason logged', async () => {
    const lines: string[] = [];
    const route = router({
      lines,
      systemCertificates: () => {
        throw new Error('keychain locked');
      },
    });
    const result = await testConnection({ baseUrl: companyHttps, apiKey: KEY, dispatcher: route, timeoutMs: 5_000 });
    expect(result.outcome).toBe('tls');
    expect(lines).toContain('warn system certificate store not read, only the bundled authorities are trusted: keychain locked');
  });

  it.each([
    [
      'self-signed',
      () => ({ leaf: makeCertificate({ subject: 'self', names: ['127.0.0.1'] }) }),
      'its certificate is self-signed, so no authority this computer trusts vouches for it (DEPTH_ZERO_SELF_SIGNED_CERT)',
    ],
    [
      'self-signed authority in the chain',
      () => {
        const rogue = makeCertificate({ subject: 'Rogue CA', authority: true });
        return { leaf: makeCertificate({ subject: 'x', issuer: rogue, names: ['127.0.0.1'] }), chain: [rogue] };
      },
      'its certificate is self-signed, so no authority this computer trusts vouches for it (SELF_SIGNED_CERT_IN_CHAIN)',
    ],
    [
      'expired',
      () => ({
        leaf: makeCertificate({
          subject: 'old',
          issuer: companyCa,
          names: ['127.0.0.1'],
          notBefore: new Date(Date.now() - 90 * DAY),
          notAfter: new Date(Date.now() - DAY),
        }),
      }),
      'its certificate has expired (CERT_HAS_EXPIRED)',
    ],
    [
      'not valid yet',
      () => ({ leaf: makeCertificate({ subject: 'new', issuer: companyCa, names: ['127.0.0.1'], notBefore: new Date(Date.now() + DAY) }) }),
      "its certificate is not valid yet (check this computer's date and time) (CERT_NOT_YET_VALID)",
    ],
    [
      'for another name',
      () => ({ leaf: makeCertificate({ subject: 'other', issuer: companyCa, names: ['other.example'] }) }),
      'its certificate is for another name than this address (ERR_TLS_CERT_ALTNAME_INVALID)',
    ],
  ])('%s: said in plain words, direct and through the proxy', async (_name, make, words) => {
    const { leaf, chain } = make() as { leaf: TestCertificate; chain?: TestCertificate[] };
    const baseUrl = await tlsFront(leaf, chain);
    for (const options of [{}, viaProxy()]) {
      const result = await testConnection({ baseUrl, apiKey: KEY, dispatcher: router(options), timeoutMs: 5_000 });
      expect(result).toEqual({ outcome: 'tls', message: `The secure connection to ${new URL(baseUrl).origin} failed: ${words}.` });
    }
  });
});

describe('the key and its origin', () => {
  it('a key entered for one origin is not sent to another, whichever way out is chosen', async () => {
    const client = new ServiceClient({ baseUrl: companyHttps, apiKey: KEY, keyOrigin: new URL(sandbox.url).origin, dispatcher: router(viaProxy()) });
    const error = await client
      .resource('links')
      .list()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).kind).toBe('no-key');
    expect(proxy.seen).toEqual([]);
  });
});
