// Request economy at a small scale (the bench runs 100,000 links / 200 edits / 200 creates): the
// engine's start pull of 3,000 links costs ceil(3000/1000) list requests for links (plus one each
// for domains and handlers); pushing 20 updates costs 20 writes plus one fresh listing (3 < 20
// reads); 2 updates cost 2 reads and 2 writes; 10 creates cost 10 writes (client aliases: nothing
// to read first). Against the sandbox's limit of 60 a minute no request meets a 429.
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src-main/sandbox/index.ts';
import { measureRequestEconomy, WireCounter } from '../support/request-economy.ts';

describe('request economy against the rate-limited sandbox', () => {
  it('the wire counter sees each request by kind and every 429', async () => {
    const sandbox = await startSandbox({ keys: ['wire-key-1'], rateLimit: 2 });
    const counter = new WireCounter();
    const agent = new Agent();
    try {
      const dispatcher = agent.compose(counter.interceptor());
      const statuses: number[] = [];
      for (const path of ['api/links/?page=1&results_per_page=1000', 'api/links/7', 'api/domains/?page=1&results_per_page=1000']) {
        const answer = await request(new URL(path, sandbox.url), { dispatcher, headers: { authorization: 'Bearer wire-key-1' } });
        await answer.body.text();
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([200, 404, 429]);
      expect(counter.requests).toMatchObject({ list: 2, get: 1 });
      expect(counter.lists).toEqual({ links: 1, domains: 1, handlers: 0 });
      expect(counter.tooManyRequests).toBe(1);
    } finally {
      await agent.close();
      await sandbox.close();
    }
  });

  it('3,000 links, 20 queued edits and 10 queued creates at 60 requests a minute', { timeout: 40_000 }, async () => {
    const result = await measureRequestEconomy({ links: 3000, edits: 20, creates: 10, rateLimit: 60 });
    expect(result.complete).toBe(true);
    expect(result.tooManyRequests).toBe(0);
    expect(result.lists).toEqual({ links: 3, domains: 1, handlers: 1 });
    expect(result.push).toMatchObject({ update: 20, list: 3, get: 0, create: 0, delete: 0 });
    expect(result.push.update + result.push.list + result.push.get).toBe(result.expected.writes + result.expected.readsOrPull);
    expect(result.creates).toMatchObject({ create: 10, list: 0, get: 0, update: 0, delete: 0 });
    // The engine's own count agrees with the wire.
    expect(result.engineCounts).toMatchObject({ list: result.requests.list, update: result.requests.update, get: result.requests.get });
  });

  it('few edits read one by one instead of listing everything again', { timeout: 40_000 }, async () => {
    const result = await measureRequestEconomy({ links: 3000, edits: 2, rateLimit: 60 });
    expect(result.complete).toBe(true);
    expect(result.tooManyRequests).toBe(0);
    expect(result.push).toMatchObject({ update: 2, get: 2, list: 0 });
  });
});
