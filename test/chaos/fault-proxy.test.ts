import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideFault, FAULT_KINDS, seededRandom, startFaultProxy, type FaultKind, type ProxyRequestEvent } from '../support/fault-proxy.ts';

let upstream: Server;
let target: string;
let applied = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      applied += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { id: applied, padding: 'x'.repeat(200) } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** One POST through a proxy whose only fault is `kind`, on every request; held requests are dropped. */
async function through(kind: FaultKind | null, seed = 1): Promise<{ outcome: string; applied: number }> {
  const proxy = await startFaultProxy({
    target,
    seed,
    faultRate: kind ? 1 : 0,
    kinds: kind ? [kind] : [],
    latencyMs: 50,
    onHold: () => setTimeout(() => proxy.releaseHeld(), 20),
  });
  const before = applied;
  let outcome: string;
  try {
    const response = await fetch(`${proxy.url}api/links`, { method: 'POST', body: 'x=1' });
    const text = await response.text();
    outcome = String(response.status);
    if (response.status === 429) outcome += ` reset=${response.headers.get('x-ratelimit-reset')}`;
    if (!text.startsWith('{"data"') && !text.startsWith('{"errors"')) outcome += ` ${response.headers.get('content-type')} ${text.slice(0, 15)}`;
  } catch {
    outcome = 'network-error';
  }
  await proxy.close();
  return { outcome, applied: applied - before };
}

/** The decision the proxy makes for the first request of a seed: whether it applies, and the variant. */
const first = (kind: FaultKind, seed: number) => decideFault(seed, 1, 1, [kind], true)!;
const seedWhere = (kind: FaultKind, test: (d: ReturnType<typeof first>) => boolean) => {
  for (let seed = 1; ; seed++) if (test(first(kind, seed))) return seed;
};

describe('fault proxy', () => {
  it.each([
    [null, '200', 1],
    ['drop-request', 'network-error', 0],
    ['reset', 'network-error', 0],
    ['drop-response', 'network-error', 1],
    ['5xx-before', '503', 0],
    ['5xx-after', '502', 1],
    ['429', '429 reset=1', 0],
    ['latency', '200', 1],
    ['cut', 'network-error', 1],
    ['error200', '200 application/json {"message":["ch', 0],
  ] as const)('%s: client sees %s, service applied %i', async (kind, outcome, count) => {
    expect(await through(kind)).toEqual({ outcome, applied: count });
  });

  it.each([
    ['timeout', true],
    ['timeout', false],
    ['main-restart', true],
    ['main-restart', false],
  ] as const)('%s held without answer (applied first: %s) until the client or main gives up', async (kind, appliedFirst) => {
    const seed = seedWhere(kind, (d) => d.applied === appliedFirst);
    expect(await through(kind, seed)).toEqual({ outcome: 'network-error', applied: appliedFirst ? 1 : 0 });
  });

  it.each([
    ['a crash page before applying', (v: number) => v < 1 / 3, '500 application/json <!DOCTYPE html>', 0],
    ['a crash page after applying', (v: number) => v >= 1 / 3 && v < 2 / 3, '500 application/json <!DOCTYPE html>', 1],
    ['text after applying', (v: number) => v >= 2 / 3, '200 application/json OK <br/> done', 1],
  ] as const)('html: %s', async (_name, variant, outcome, count) => {
    expect(
      await through(
        'html',
        seedWhere('html', (d) => variant(d.variant)),
      ),
    ).toEqual({ outcome, applied: count });
  });

  it('refuses everything while offline and forwards again once healed', async () => {
    const proxy = await startFaultProxy({ target, seed: 1, faultRate: 0 });
    proxy.setOffline(true);
    await expect(fetch(`${proxy.url}api/links`)).rejects.toThrow();
    proxy.setOffline(false);
    expect((await fetch(`${proxy.url}api/links`)).status).toBe(200);
    expect(proxy.stats['refused-offline']).toBe(1);
    await proxy.close();
  });

  it('decides each request by the seed and its position, not by what came before', async () => {
    const decisions = (seed: number) => Array.from({ length: 200 }, (_, i) => decideFault(seed, i + 1, 0.3, FAULT_KINDS, i % 2 === 0));
    expect(decisions(42)).toEqual(decisions(42));
    expect(decisions(43)).not.toEqual(decisions(42));
    const hits = decisions(42).filter((d) => d !== null);
    expect(hits.length).toBeGreaterThan(30);
    expect(hits.length).toBeLessThan(90);
    // Main dies only with a write in flight.
    expect(decisions(42).every((d, i) => d?.kind !== 'main-restart' || i % 2 === 0)).toBe(true);
    // The proxy reports what it decided, in order: the 3rd request meets the 3rd decision.
    const seen: ProxyRequestEvent[] = [];
    const proxy = await startFaultProxy({ target, seed: 42, faultRate: 0.3, kinds: ['5xx-before', '5xx-after'], onRequest: (e) => seen.push(e) });
    for (let i = 0; i < 5; i++) await fetch(`${proxy.url}api/links`);
    await proxy.close();
    expect(seen.map((e) => e.fault)).toEqual(Array.from({ length: 5 }, (_, i) => decideFault(42, i + 1, 0.3, ['5xx-before', '5xx-after'], false)));
  });

  it('draws the same numbers for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const drawsA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(drawsA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(drawsA);
    expect(drawsA.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
