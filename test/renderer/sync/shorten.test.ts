import { afterEach, describe, expect, it } from 'vitest';
import type { ShortenRequest } from '../../../src-preload/contract/index.ts';
import { acceptShortenRequest, handleShortenRequests } from '../../../src-renderer/sync/shorten-requests.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

const request = (requestId: string, url = 'AbCdEf1'): ShortenRequest => ({
  requestId,
  workspaceId: 'ws',
  location_url: 'https://long.example.com/page',
  url,
  shortUrl: `https://svc.test/${url}`,
  requestedAt: 1,
});

async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not met');
}

describe('shorten from clipboard', () => {
  it('a request becomes one outbox create with the alias main chose; a repeat finds the same row', async () => {
    h = harness();
    const first = await acceptShortenRequest(h.edits, request('req-00000001'));
    const again = await acceptShortenRequest(h.edits, request('req-00000001'));
    expect(again).toBe(first);
    expect(await h.db.outbox.count()).toBe(1);
    expect((await h.db.outbox.toArray())[0]).toMatchObject({
      kind: 'create',
      fields: { url: 'AbCdEf1', location_url: 'https://long.example.com/page', domain_id: 0 },
    });
  });

  it('a request from the Shorten window keeps the domain and alias the user chose', async () => {
    h = harness();
    await acceptShortenRequest(h.edits, { ...request('req-window-01', 'spring-sale'), domain_id: 7 });
    expect((await h.db.outbox.toArray())[0]).toMatchObject({ kind: 'create', fields: { url: 'spring-sale', domain_id: 7 } });
  });

  it('takes what main holds, then new events; acknowledges each; ignores other workspaces', async () => {
    h = harness();
    h.service.shortenQueue.push(request('req-held-0001', 'held001'));
    const stop = handleShortenRequests(h.service.api, 'ws', h.edits);
    await until(() => h!.service.shortenQueue.length === 0);
    h.service.emit('links.shortenRequested', request('req-event-001', 'event01'));
    h.service.emit('links.shortenRequested', request('req-event-001', 'event01')); // re-sent
    h.service.emit('links.shortenRequested', { ...request('req-other-001', 'other01'), workspaceId: 'other' });
    await until(() => h!.service.callsOf('links.shortenAccepted').length === 3);
    stop();
    const aliases = (await linkRows(h.db).toArray()).map((r) => r.local.url).sort();
    expect(aliases).toEqual(['event01', 'held001']);
    expect(h.service.callsOf('links.shortenAccepted').map((c) => c.input.requestId)).toEqual(['req-held-0001', 'req-event-001', 'req-event-001']);
  });

  it('a request that cannot be queued is reported and left with main', async () => {
    h = harness();
    const errors: unknown[] = [];
    const stop = handleShortenRequests(h.service.api, 'ws', h.edits, (_r, e) => errors.push(e));
    h.service.emit('links.shortenRequested', { ...request('req-bad-00001'), location_url: 'ftp://bad' });
    await until(() => errors.length === 1);
    stop();
    expect(errors[0]).toMatchObject({ kind: 'invalid-input' });
    expect(h.service.callsOf('links.shortenAccepted')).toHaveLength(0);
  });
});
