// The optional rate-limit emulation: per key per minute, fixed window, headers on every API
// response, 429 with X-RateLimit-Reset and no Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src-main/sandbox/api/rate-limit.ts';
import { startClient, titles, type Client } from './helpers.ts';

let limited: Client;
let unlimited: Client;
let clock = new Date('2026-03-01T10:00:00Z');

beforeAll(async () => {
  limited = await startClient({ rateLimit: 3, now: () => clock });
  unlimited = await startClient();
});
afterAll(async () => {
  await limited.sandbox.close();
  await unlimited.sandbox.close();
});

describe('rate limit', () => {
  it('counts every API request of a key, errors included, and answers 429 past the limit', async () => {
    const first = await limited.get('api/links');
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    const second = await limited.get('api/links/999999');
    expect(second.status).toBe(404);
    expect(second.headers.get('x-ratelimit-remaining')).toBe('1');
    const third = await fetch(`${limited.sandbox.url}api/links`, {
      method: 'POST',
      headers: { authorization: 'Bearer key-a', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(third.status).toBe(415);
    expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
    clock = new Date('2026-03-01T10:00:20Z');
    const fourth = await limited.post('api/links', { location_url: 'not a url' });
    expect(fourth.status).toBe(429);

    const refused = await limited.get('api/links');
    expect(refused.status).toBe(429);
    titles(refused.body, 429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe('40');
    expect(refused.headers.get('retry-after')).toBeNull();
    // A refused write stores nothing.
    expect((await limited.post('api/links', { location_url: 'https://example.com/' })).status).toBe(429);
  });

  it('keeps a window per key', async () => {
    const other = await limited.get('api/links', 'key-b');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('reopens when the minute is over', async () => {
    clock = new Date('2026-03-01T10:01:00Z');
    const response = await limited.get('api/links');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(response.body.meta.total).toBe(0);
  });

  it('does not limit link serving or count refused keys', async () => {
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${limited.sandbox.url}nothing-here`)).status).toBe(404);
    const bad = await fetch(`${limited.sandbox.url}api/links`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('sends no rate-limit headers when the limit is off', async () => {
    const response = await unlimited.get('api/links');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
  });
});

describe('createRateLimiter', () => {
  it('is a fixed window from the first request, reset rounded up to whole seconds', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(2, () => new Date(now));
    expect(limiter.hit(1)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    now += 59_500;
    expect(limiter.hit(1)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 1 });
    expect(limiter.hit(1)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 1 });
    now += 500;
    expect(limiter.hit(1)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });
});
