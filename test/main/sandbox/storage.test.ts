// Storage: data survives restarts, schema version and WAL, no key in the file, the demo data.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, startSandbox } from '../../../src-main/sandbox/index.ts';
import { GLOBAL_DOMAIN } from '../../../src-main/sandbox/demo.ts';
import { SCHEMA_VERSION } from '../../../src-main/sandbox/storage/migrations.ts';
import { inspect, startClient, tempDir } from './helpers.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

describe('storage', () => {
  it('keeps data in the file across restarts; accounts follow their keys', async () => {
    const dataFile = join(temp.dir, 'restart.sqlite');
    const first = await startClient({ dataFile, keys: ['alpha-key', 'beta-key'] });
    const id = await first.link({ location_url: 'https://example.com/persist', url: 'persist' }, 'alpha-key');
    await first.sandbox.close();

    // Keys in another order, one more key: the same key still finds its data.
    const second = await startClient({ dataFile, keys: ['gamma-key', 'beta-key', 'alpha-key'] });
    expect((await second.get(`api/links/${id}`, 'alpha-key')).body.data.url).toBe('persist');
    expect((await second.get(`api/links/${id}`, 'beta-key')).status).toBe(404);
    expect((await second.get('api/links', 'gamma-key')).body.meta.total).toBe(0);
    await second.sandbox.close();
  });

  it('records the schema version, uses WAL for files and stores no key in clear', async () => {
    const dataFile = join(temp.dir, 'schema.sqlite');
    const sandbox = await startSandbox({ keys: ['very-secret-key-123'], dataFile });
    await sandbox.close();
    const db = new DatabaseSync(dataFile);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    db.close();
    expect(readFileSync(dataFile).includes(Buffer.from('very-secret-key-123'))).toBe(false);
  });

  it('refuses a data file from a newer sandbox with a clear error', () => {
    const dataFile = join(temp.dir, 'future.sqlite');
    const db = new DatabaseSync(dataFile);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => buildSandboxApp({ keys: ['k'], dataFile })).toThrow(/schema version/);
  });

  it('refuses options it cannot run with', () => {
    expect(() => buildSandboxApp({ keys: [] })).toThrow(/at least one API key/);
    expect(() => buildSandboxApp({ keys: ['has space'] })).toThrow(/white space/);
    expect(() => buildSandboxApp({ keys: ['k'], rateLimit: 0 })).toThrow(/rateLimit/);
  });

  it('startSandbox listens on 127.0.0.1 and reports its base URL ending in /; close is idempotent', async () => {
    const sandbox = await startSandbox({ keys: ['url-key'] });
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}/`);
    expect(sandbox.port).toBeGreaterThan(0);
    const response = await fetch(`${sandbox.url}api/links`, { headers: { authorization: 'Bearer url-key' } });
    expect((await response.json()).links.first).toBe(`${sandbox.url}api/links?page=1`);
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(fetch(sandbox.url)).rejects.toThrow();
  });

  it('the app builder works with inject, with no listener', async () => {
    const app = buildSandboxApp({ keys: ['inject-key'], baseUrl: 'http://sandbox.test/base/' });
    const response = await app.inject({ method: 'GET', url: '/api/domains/', headers: { authorization: 'Bearer inject-key' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().links.self).toBe('http://sandbox.test/base/api/domains?page=1');
    await app.close();
  });
});

describe('demo data', () => {
  it('fills the first account once: two domains, three handlers, a few hundred links with clicks', async () => {
    const dataFile = join(temp.dir, 'demo.sqlite');
    const client = await startClient({ dataFile, keys: ['demo-key', 'empty-key'], demo: true });
    const links = (await client.get('api/links?results_per_page=1000', 'demo-key')).body;
    expect(links.meta.total).toBe(300);
    const domains = (await client.get('api/domains', 'demo-key')).body.data;
    expect(domains).toHaveLength(2);
    expect((await client.get('api/notification-handlers', 'demo-key')).body.meta.total).toBe(3);
    const domainIds = new Set(links.data.map((link: { domain_id: number }) => link.domain_id));
    // Besides the main and the listed domains, one global domain (see the 'global domain' test).
    expect(domainIds.size).toBe(4);
    for (const domain of domains) expect(domainIds.has(domain.id)).toBe(true);
    const totalClicks = links.data.reduce((sum: number, link: { clicks: number }) => sum + link.clicks, 0);
    expect(totalClicks).toBeGreaterThan(1000);
    expect(inspect(dataFile).counts.clicks).toBe(totalClicks);
    expect((await client.get('api/links', 'empty-key')).body.meta.total).toBe(0);
    // Demo links are served like any other.
    const mainLink = links.data.find((link: { domain_id: number }) => link.domain_id === 0);
    expect((await fetch(`${client.sandbox.url}${mainLink.url}`, { redirect: 'manual' })).headers.get('location')).toBe(mainLink.location_url);
    await client.sandbox.close();

    const again = await startClient({ dataFile, keys: ['demo-key'], demo: true });
    expect((await again.get('api/links', 'demo-key')).body.meta.total).toBe(300);
    await again.sandbox.close();
  });

  it('puts some links on a global domain, as real deployments return them: their domain_id is in no GET /api/domains, and they are served on its host', async () => {
    const client = await startClient({ keys: ['demo-key', 'other-key'], demo: true });
    const links = (await client.get('api/links?results_per_page=1000', 'demo-key')).body.data as {
      id: number;
      domain_id: number;
      url: string;
      location_url: string;
    }[];
    const listed = new Set(((await client.get('api/domains', 'demo-key')).body.data as { id: number }[]).map((d) => d.id));
    const onGlobal = links.filter((link) => link.domain_id !== 0 && !listed.has(link.domain_id));
    expect(onGlobal.length).toBe(6);
    const globalId = onGlobal[0]!.domain_id;
    expect(onGlobal.every((link) => link.domain_id === globalId)).toBe(true);
    // The newest link is one of them, so the Links list shows the case at the top.
    expect(links[0]!.domain_id).toBe(globalId);
    // Not the user's to read, change or delete; nobody else lists it either.
    expect((await client.get(`api/domains/${globalId}`, 'demo-key')).status).toBe(404);
    expect((await client.get('api/domains', 'other-key')).body.data).toEqual([]);
    // Any account may make links on it; the alias is unique on that host.
    expect(await client.link({ location_url: 'https://example.com/mine', url: 'mine-on-global', domain_id: String(globalId) }, 'other-key')).toBeGreaterThan(0);
    // Redirects work for its host.
    const link = onGlobal[0]!;
    const answer = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: client.sandbox.port, path: `/${link.url}`, headers: { host: GLOBAL_DOMAIN } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.location).toBe(link.location_url);
    expect([301, 302]).toContain(answer.status);
    await client.sandbox.close();
  });
});
