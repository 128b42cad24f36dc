import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspect, startClient, tempDir, type Client } from './helpers.ts';

let client: Client;
beforeEach(async () => (client = await startClient()));
afterEach(() => client.sandbox.close());

const visit = (alias: string) => fetch(`${client.sandbox.url}${alias}`, { redirect: 'manual' });

describe('batched click counting', () => {
  it('an API read right after redirects sees every one of their clicks', async () => {
    const id = await client.link({ location_url: 'https://dest.example/', url: 'many' });
    await Promise.all(Array.from({ length: 40 }, () => visit('many')));
    expect((await client.get(`api/links/${id}`)).body.data.clicks).toBe(40);
  });

  it('a click limit counts clicks not yet written', async () => {
    const id = await client.link({ location_url: 'https://dest.example/', url: 'limited', clicks_limit: '3', expiration_url: 'https://dest.example/over' });
    const locations: string[] = [];
    for (let i = 0; i < 5; i += 1) locations.push((await visit('limited')).headers.get('location') ?? '');
    expect(locations).toEqual([
      'https://dest.example/',
      'https://dest.example/',
      'https://dest.example/',
      'https://dest.example/over',
      'https://dest.example/over',
    ]);
    expect((await client.get(`api/links/${id}`)).body.data.clicks).toBe(3);
  });

  it('deleting a link with clicks just served works, and the sandbox keeps counting others', async () => {
    const id = await client.link({ location_url: 'https://dest.example/', url: 'gone' });
    await visit('gone');
    expect((await client.del(`api/links/${id}`)).status).toBe(200);
    // No wait for the batch timer: the next API call writes whatever is still queued before it
    // answers (and a timer's write that failed would fail the run as an uncaught error).
    const other = await client.link({ location_url: 'https://dest.example/still', url: 'still' });
    expect((await visit('still')).headers.get('location')).toBe('https://dest.example/still');
    expect((await client.get(`api/links/${other}`)).body.data.clicks).toBe(1);
  });
});

describe('click rows written in batches', () => {
  const temp = tempDir();
  afterAll(() => temp.cleanup());

  it('every click of a batch larger than one multi-row insert is a row with its visitor facts', async () => {
    const dataFile = join(temp.dir, 'clicks.sqlite');
    const own = await startClient({ dataFile });
    try {
      const a = await own.link({ location_url: 'https://dest.example/a', url: 'batch-a' });
      const b = await own.link({ location_url: 'https://dest.example/b', url: 'batch-b' });
      // 150 redirects at once: queued together, so batches span more than one 64-row insert.
      await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          fetch(`${own.sandbox.url}${i % 3 === 0 ? 'batch-b' : 'batch-a'}`, { redirect: 'manual', headers: { 'cf-ipcountry': i % 2 === 0 ? 'de' : 'fr' } }),
        ),
      );
      expect((await own.get(`api/links/${a}`)).body.data.clicks).toBe(100);
      const rowsA = inspect(dataFile).clicks(a);
      const rowsB = inspect(dataFile).clicks(b);
      expect(rowsA).toHaveLength(100);
      expect(rowsB).toHaveLength(50);
      expect(new Set([...rowsA, ...rowsB].map((row) => row.country_code))).toEqual(new Set(['DE', 'FR']));
      expect(rowsA.every((row) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(String(row.datetime)))).toBe(true);
    } finally {
      await own.sandbox.close();
    }
  });
});
