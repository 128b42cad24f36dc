// Issue #14: an API key belongs to the origin it was entered for. Two loopback services on two
// ports (two origins) record every Authorization header they receive.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src-main/main-services.ts';
import { json, startFakeService, type FakeService } from './service/fake-service.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { testCipher } from '../support/test-cipher.ts';

const KEY_A = 'key-for-service-a-0001';
const KEY_B = 'key-for-service-b-0002';
let a: FakeService;
let b: FakeService;

const page = {
  data: [],
  meta: { page: 1, results_per_page: 25, total: 0, total_pages: 1 },
  links: { first: null, last: null, next: null, prev: null, self: null },
};
const answerLists = (service: FakeService) => service.answer((_req, res) => json(res, 200, page));
const authorizations = (service: FakeService) => service.requests.map((r) => r.headers.authorization);

beforeAll(async () => {
  [a, b] = await Promise.all([startFakeService(), startFakeService()]);
});
afterAll(() => Promise.all([a.close(), b.close()]));

let dir: string;
let cleanup: () => Promise<void>;
let services: MainServices;
const { cipher } = testCipher();
const start = () => testMainServices(dir, { cipher });

beforeEach(async () => {
  ({ dir, cleanup } = await withTempDir());
  services = await start();
  answerLists(a);
  answerLists(b);
});
afterEach(() => cleanup());

async function call(name: string, input: unknown) {
  return services.router.handle(name, input, true);
}
async function addAtA(): Promise<string> {
  const added = await call('workspaces.add', { name: 'A', baseUrl: `${a.origin}/`, apiKey: KEY_A });
  if (!added.ok) throw new Error(added.error.message);
  return (added.value as { id: string }).id;
}

describe('an API key is bound to its origin', () => {
  it('refuses to move a workspace to another origin without a key for it, and nothing reaches that origin', async () => {
    const workspaceId = await addAtA();
    const moved = await call('workspaces.setBaseUrl', { workspaceId, baseUrl: `${b.origin}/` });
    expect(moved).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'apiKey' } });
    expect(moved.ok ? '' : moved.error.message).toMatch(/another server|API key/i);

    for (const name of ['links.list', 'domains.list', 'handlers.list']) await call(name, { workspaceId });
    await call('links.get', { workspaceId, id: 1 });
    await call('links.create', { workspaceId, input: { location_url: 'https://example.com/', url: 'promo' } });
    await call('workspaces.testConnection', { workspaceId });
    expect(b.requests).toHaveLength(0);
    expect(authorizations(a).every((header) => header === `Bearer ${KEY_A}`)).toBe(true);
    expect((await services.workspaces.list())[0]!.baseUrl).toBe(`${a.origin}/`);
  });

  it('moves to another origin with the key for it, which alone goes there', async () => {
    const workspaceId = await addAtA();
    const moved = await call('workspaces.setBaseUrl', { workspaceId, baseUrl: `${b.origin}/`, apiKey: KEY_B });
    expect(moved).toMatchObject({ ok: true, value: { baseUrl: `${b.origin}/`, hasKey: true } });
    await call('links.list', { workspaceId });
    await call('workspaces.testConnection', { workspaceId });
    expect(authorizations(b)).toEqual([`Bearer ${KEY_B}`, `Bearer ${KEY_B}`]);
    expect(a.requests).toHaveLength(0);
  });

  it('keeps the key for another path on the same origin', async () => {
    const workspaceId = await addAtA();
    const moved = await call('workspaces.setBaseUrl', { workspaceId, baseUrl: `${a.origin}/s/` });
    expect(moved).toMatchObject({ ok: true, value: { baseUrl: `${a.origin}/s/`, hasKey: true } });
    await call('links.list', { workspaceId });
    expect(a.requests.map((r) => [r.path.split('?')[0], r.headers.authorization])).toEqual([['/s/api/links/', `Bearer ${KEY_A}`]]);
  });

  it('does not bind a key stored before keys had an origin to any address: it asks for the key again (issue #36)', async () => {
    const workspaceId = await addAtA();
    const file = path.join(dir, 'keys', `${workspaceId}.key.json`);
    const data = Buffer.from(await cipher.encrypt(KEY_A)).toString('base64');
    await writeFile(file, JSON.stringify({ version: 1, backend: 'gnome_libsecret', data }));
    services = await start();
    const listed = await call('links.list', { workspaceId });
    expect(listed).toMatchObject({ ok: false, error: { kind: 'vault' } });
    expect(listed.ok ? '' : listed.error.message).toMatch(/Enter the key again/);
    expect(a.requests).toHaveLength(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1 });
    expect(await call('workspaces.setKey', { workspaceId, apiKey: KEY_A })).toMatchObject({ ok: true });
    expect(await call('links.list', { workspaceId })).toMatchObject({ ok: true });
    expect(authorizations(a)).toEqual([`Bearer ${KEY_A}`]);
  });

  it('never sends the key to an origin it was not entered for, even when the stored address changed behind its back', async () => {
    const workspaceId = await addAtA();
    // Another code path, or a process that edits workspaces.json, points the workspace elsewhere.
    const file = path.join(dir, 'workspaces.json');
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll(`${a.origin}/`, `${b.origin}/`));
    services = await start();

    const listed = await call('links.list', { workspaceId });
    expect(listed).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(listed.ok ? '' : listed.error.message).toContain(a.origin);
    expect(await call('workspaces.testConnection', { workspaceId })).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(b.requests).toHaveLength(0);
  });
});
