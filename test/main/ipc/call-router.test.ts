import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallRouter } from '../../../src-main/ipc/call-router.ts';
import { markChecked } from '../../../src-main/service/checked-output.ts';
import { DomainListSchema, LinkListSchema, LinkSchema } from '../../../src-preload/contract/index.ts';
import type { MainServices } from '../../../src-main/main-services.ts';
import type { CallHandlers } from '../../../src-main/ipc/call-router.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';

const KEY = 'router-test-key-123';
const seen: IncomingMessage[] = [];
let server: Server;
let baseUrl: string;

const link = {
  id: 1,
  project_id: null,
  domain_id: 0,
  type: 'link',
  url: 'abc',
  location_url: 'https://example.com/',
  settings: { password: null, sensitive_content: false },
  clicks: 3,
  order: 0,
  start_date: null,
  end_date: null,
  datetime: '2026-01-02 03:04:05',
};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    request.resume();
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      response.statusCode = 401;
      response.end(JSON.stringify({ errors: [{ title: 'Invalid API key', status: 401 }] }));
      return;
    }
    const self = `${baseUrl}api/links?page=1`;
    response.end(
      JSON.stringify({
        data: [link],
        meta: { page: 1, results_per_page: 25, total: 1, total_pages: 1 },
        links: { first: self, last: self, next: null, prev: null, self },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let services: MainServices;
let cleanup: () => Promise<void>;
const logged: string[] = [];
beforeEach(async () => {
  const temp = await withTempDir();
  cleanup = temp.cleanup;
  seen.length = 0;
  logged.length = 0;
  services = await testMainServices(temp.dir, {
    logError: (message) => logged.push(message),
  });
});
afterEach(() => cleanup());

async function addWorkspace(): Promise<string> {
  const result = await services.router.handle('workspaces.add', { name: 'Test', baseUrl, apiKey: KEY }, true);
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { id: string }).id;
}

describe('call router', () => {
  it('runs a valid call through to the service, and the key never comes back', async () => {
    const workspaceId = await addWorkspace();
    const result = await services.router.handle('links.list', { workspaceId, page: 1, resultsPerPage: 25 }, true);
    expect(result).toMatchObject({ ok: true, value: { data: [link], meta: { total: 1 } } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const listed = await services.router.handle('workspaces.list', {}, true);
    expect(listed).toEqual({ ok: true, value: [{ id: workspaceId, name: 'Test', baseUrl, hasKey: true, sandbox: false }] });
    expect(JSON.stringify(listed)).not.toContain(KEY);
  });

  it('refuses a call from an unexpected frame before anything runs', async () => {
    const workspaceId = await addWorkspace();
    const result = await services.router.handle('links.list', { workspaceId }, false);
    expect(result).toEqual({ ok: false, error: { kind: 'forbidden', message: 'This window may not call Linkdock.' } });
    const add = await services.router.handle('workspaces.add', { name: 'X', baseUrl, apiKey: 'k' }, false);
    expect(add.ok).toBe(false);
    expect(seen).toHaveLength(0);
    expect(await services.workspaces.list()).toHaveLength(1);
  });

  it('refuses input that fails the schema with a clear error, and it never reaches the network', async () => {
    const workspaceId = await addWorkspace();
    const bad = await services.router.handle('links.create', { workspaceId, input: { location_url: 'javascript:alert(1)', url: 'promo' } }, true);
    expect(bad).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', field: 'location_url', message: 'location_url: Enter a full http:// or https:// URL' },
    });
    const noReports = await services.router.handle('links.update', { workspaceId, id: 1, input: { url: 'x' } }, true);
    expect(noReports).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'email_reports' } });
    const badPage = await services.router.handle('links.list', { workspaceId, resultsPerPage: 30 }, true);
    expect(badPage).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'resultsPerPage' } });
    const extra = await services.router.handle('links.list', { workspaceId, url: 'https://elsewhere.example/' }, true);
    expect(extra).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    const notAnObject = await services.router.handle('links.get', 'DROP TABLE links', true);
    expect(notAnObject).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(seen).toHaveLength(0);
  });

  it('refuses unknown calls and unknown workspaces', async () => {
    expect(await services.router.handle('fs.readFile', { path: '/etc/passwd' }, true)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: 'Unknown call: fs.readFile' },
    });
    expect(await services.router.handle('links.list', { workspaceId: 'missing' }, true)).toMatchObject({
      ok: false,
      error: { kind: 'workspace-not-found' },
    });
  });

  it('refuses to open anything but http(s) outside the app', async () => {
    const result = await services.router.handle('shell.openExternal', { url: 'file:///etc/passwd' }, true);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'url' } });
  });
});

describe('call router failures', () => {
  const handlers = (override: Partial<CallHandlers>) => override as CallHandlers;

  it('turns an unexpected failure into a clear internal error and logs it without the input', async () => {
    const log: string[] = [];
    const router = createCallRouter({
      handlers: handlers({
        'workspaces.add': async () => {
          throw new TypeError('boom');
        },
      }),
      logError: (m) => log.push(m),
    });
    const result = await router.handle('workspaces.add', { name: 'n', baseUrl: 'https://a.example/', apiKey: 'secret-key' }, true);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Something went wrong in workspaces.add. Nothing was changed by it.' },
    });
    expect(log.join('\n')).toMatch(/boom/);
    expect(log.join('\n')).not.toContain('secret-key');
  });

  it('never passes on an answer that breaks the contract', async () => {
    const router = createCallRouter({
      handlers: handlers({ 'vault.status': async () => ({ available: 'yes' }) as never }),
      logError: () => undefined,
    });
    expect(await router.handle('vault.status', {}, true)).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('checks an output once: a page the service client checked passes, a wrongly marked or unmarked one does not', async () => {
    const page = {
      data: [link],
      meta: { page: 1, results_per_page: 25, total: 1, total_pages: 1 },
      links: { first: 'f', last: null, next: null, prev: null, self: 's' },
    };
    const broken = { ...page, data: [{ ...link, clicks: 'many' }] };
    const log: string[] = [];
    const answer = (value: object) =>
      createCallRouter({ handlers: handlers({ resources: (() => ({ list: async () => value })) as never }), logError: (m) => log.push(m) });
    const call = (value: object) => answer(value).handle('links.list', { workspaceId: 'w' }, true);

    // Marked by the client against exactly this call's schema: passed through as it is.
    const checked = markChecked(structuredClone(page), LinkListSchema);
    expect(await call(checked)).toEqual({ ok: true, value: checked });
    // The router trusts the mark, not the shape: that is why only the client's normaliser sets it.
    expect(await call(markChecked(structuredClone(broken), LinkListSchema))).toMatchObject({ ok: true });
    // Unmarked, or marked against another call's schema: checked, and refused when broken.
    expect(await call(structuredClone(broken))).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(await call(markChecked(structuredClone(broken), DomainListSchema))).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(log).toHaveLength(2);
    expect(await call(structuredClone(page))).toEqual({ ok: true, value: page });
  });

  it('checks a read in the client only (built to the read schema), and still refuses a bad one, through the real client', async () => {
    const temp = await withTempDir();
    const answers: Record<string, unknown> = { '/api/links/1': { data: link }, '/api/links/2': { data: { ...link, id: 2, clicks: 'lots' } } };
    const reads = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answers[request.url ?? ''] ?? { data: [], meta: { page: 1, results_per_page: 25, total: 0, total_pages: 0 } }));
    });
    await new Promise<void>((resolve) => reads.listen(0, '127.0.0.1', resolve));
    try {
      const main = await testMainServices(temp.dir, {
        logError: () => undefined,
      });
      const added = await main.router.handle(
        'workspaces.add',
        { name: 'Reads', baseUrl: `http://127.0.0.1:${(reads.address() as AddressInfo).port}/`, apiKey: KEY },
        true,
      );
      if (!added.ok) throw new Error(added.error.message);
      const workspaceId = (added.value as { id: string }).id;
      const parses = vi.spyOn(LinkSchema, 'safeParse');
      expect(await main.router.handle('links.get', { workspaceId, id: 1 }, true)).toEqual({ ok: true, value: link });
      // Normalise built it to the read schema (normalise-link.test.ts); the router did not parse it after.
      expect(parses).not.toHaveBeenCalled();
      parses.mockRestore();
      const bad = await main.router.handle('links.get', { workspaceId, id: 2 }, true);
      expect(bad).toMatchObject({ ok: false, error: { kind: 'bad-response', message: expect.stringMatching(/link 2 has no usable clicks/) } });
    } finally {
      await new Promise<void>((resolve) => reads.close(() => resolve()));
      await temp.cleanup();
    }
  });

  it('still refuses bad server data in a list, through the real client', async () => {
    const temp = await withTempDir();
    const bad = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: [{ ...link, clicks: 'lots' }], meta: { page: 1, results_per_page: 25, total: 1, total_pages: 1 } }));
    });
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const main = await testMainServices(temp.dir, {
        logError: () => undefined,
      });
      const added = await main.router.handle(
        'workspaces.add',
        { name: 'Bad', baseUrl: `http://127.0.0.1:${(bad.address() as AddressInfo).port}/`, apiKey: KEY },
        true,
      );
      if (!added.ok) throw new Error(added.error.message);
      const result = await main.router.handle('links.list', { workspaceId: (added.value as { id: string }).id }, true);
      expect(result).toMatchObject({ ok: false, error: { kind: 'bad-response', message: expect.stringMatching(/link 1 has no usable clicks/) } });
    } finally {
      await new Promise<void>((resolve) => bad.close(() => resolve()));
      await temp.cleanup();
    }
  });
});
