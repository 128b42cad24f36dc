import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, startFaultProxy, type FaultKind } from '../support/fault-proxy.ts';

let upstream: Server;
let target: string;
let applied = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      applied += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { id: applied } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function through(kind: FaultKind | null): Promise<{ outcome: string; applied: number }> {
  const proxy = await startFaultProxy({ target, seed: 1, faultRate: kind ? 1 : 0, kinds: kind ? [kind] : [], latencyMs: 50 });
  const before = applied;
  let outcome: string;
  try {
    const response = await fetch(`${proxy.url}api/links`, { method: 'POST', body: 'x=1' });
    outcome = String(response.status);
    if (response.status === 429) outcome += ` reset=${response.headers.get('x-ratelimit-reset')}`;
  } catch {
    outcome = 'network-error';
  }
  await proxy.close();
  return { outcome, applied: applied - before };
}

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
  ] as const)('%s: client sees %s, service applied %i', async (kind, outcome, count) => {
    expect(await through(kind)).toEqual({ outcome, applied: count });
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

  it('draws the same faults for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const drawsA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(drawsA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(drawsA);
    expect(drawsA.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
