// Listing pages main reads for the window (#19): a page whose rows hash as the window's copy goes
// over as its ids and click counts only; the same bytes as last read at that address are not even
// parsed again; anything else goes over whole. Against the sandbox over real HTTP.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { digestOf, ReadPages } from '../../../src-main/service/unchanged-pages.ts';
import { rowsHash, type ListEnvelope } from '../../../src-preload/contract/index.ts';
import { startClient, type Client } from '../sandbox/helpers.ts';

let sandbox: Client;
const ids: number[] = [];

beforeAll(async () => {
  sandbox = await startClient();
  for (let i = 0; i < 25; i++) ids.push(await sandbox.link({ location_url: `https://example.com/${i}`, url: `alias-${i}` }));
});
afterAll(async () => {
  await sandbox.sandbox.close();
});

const client = () => new ServiceClient({ baseUrl: sandbox.sandbox.url, apiKey: 'key-a' });
const page2 = { page: 2, resultsPerPage: 10 } as const;

/** JSON.parse calls on texts the size of a page (the answer's body), while `run` runs. */
async function bodiesParsed(run: () => Promise<unknown>): Promise<number> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    await run();
    return parse.mock.calls.filter(([text]) => String(text).length > 2000).length;
  } finally {
    parse.mockRestore();
  }
}

describe('listing pages main reads for the window', () => {
  it('go over whole without a hash, whole when the window holds something else, and as ids only when it holds them as listed', async () => {
    const service = client();
    const whole = await service.listingPage('links', page2, undefined);
    expect(whole).toMatchObject({ page: 2, envelope: { data: expect.any(Array) } });
    const rows = (whole as { envelope: ListEnvelope<{ id: number; clicks: number }> }).envelope.data;
    expect(rows).toHaveLength(10);
    expect(await client().listingPage('links', page2, 'another hash')).toEqual(whole);
    // A client that never read the page (another main process): it parses, hashes, and says unchanged.
    expect(await client().listingPage('links', page2, rowsHash(rows))).toEqual({
      page: 2,
      unchanged: { hash: rowsHash(rows), meta: expect.objectContaining({ page: 2, total: 25 }), ids: rows.map((r) => r.id), clicks: rows.map((r) => r.clicks) },
    });
  });

  it('are not parsed again when their bytes are those last read at that address and hashed to what the window holds', async () => {
    const service = client();
    let first: unknown;
    expect(await bodiesParsed(async () => (first = await service.listingPage('links', page2, 'nothing yet')))).toBe(1);
    const rows = (first as { envelope: ListEnvelope<unknown> }).envelope.data;
    let second: unknown;
    expect(await bodiesParsed(async () => (second = await service.listingPage('links', page2, rowsHash(rows))))).toBe(0);
    expect(second).toMatchObject({ page: 2, unchanged: { hash: rowsHash(rows) } });
    // A row of that page changed on the service: new bytes, read and handed over whole.
    const [row] = rows as { id: number }[];
    expect((await sandbox.post(`api/links/${row!.id}`, { location_url: 'https://example.com/changed' })).status).toBe(200);
    let third: unknown;
    expect(await bodiesParsed(async () => (third = await service.listingPage('links', page2, rowsHash(rows))))).toBe(1);
    expect((third as { envelope: ListEnvelope<{ location_url: string }> }).envelope.data[0]!.location_url).toBe('https://example.com/changed');
  });
});

describe('pages remembered', () => {
  it('are bounded, the address read longest ago going first', () => {
    const pages = new ReadPages(2);
    const envelope = (n: number): ListEnvelope<unknown> => ({
      data: [{ id: n, clicks: 1 }],
      meta: { page: n, results_per_page: 10, total: 30, total_pages: 3 },
      links: { first: '', last: '', next: null, prev: null, self: '' },
    });
    for (const n of [1, 2, 3]) pages.read(`/p${n}`, `d${n}`, n, envelope(n), 'x');
    expect(pages.size).toBe(2);
    expect(pages.unchanged('/p1', 'd1', rowsHash(envelope(1).data))).toBeNull();
    expect(pages.unchanged('/p3', 'd3', rowsHash(envelope(3).data))).toMatchObject({ ids: [3], clicks: [1] });
    // Other bytes at the same address, or another hash held by the window: not unchanged.
    expect(pages.unchanged('/p3', 'other', rowsHash(envelope(3).data))).toBeNull();
    expect(pages.unchanged('/p3', 'd3', 'other')).toBeNull();
  });
});

describe('the digest of an answer', () => {
  it('is the same however its bytes were split as they arrived, and the same as of its text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8');
        const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((start, i) => bytes.subarray(start, [...at, bytes.length][i]));
        expect(digestOf(pieces)).toBe(digestOf([bytes]));
        expect(digestOf(pieces)).toBe(digestOf(text));
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});
