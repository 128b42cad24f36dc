// Issue #14: plain http carries the key in clear text, so it is accepted only to this machine or
// with the user's explicit confirmation, which main remembers on the workspace.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src-main/main-services.ts';
import { appCalls as calls, isInsecureHttp } from '../../src-preload/contract/index.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';

const KEY = 'http-test-key-0123456789';
const REMOTE = 'http://links.example.com/';

let dir: string;
let cleanup: () => Promise<void>;
let services: MainServices;
const start = () => testMainServices(dir);

beforeEach(async () => {
  ({ dir, cleanup } = await withTempDir());
  services = await start();
});
afterEach(() => cleanup());

const call = (name: string, input: unknown) => services.router.handle(name, input, true);

describe('the contract', () => {
  it.each(['http://127.0.0.1:8080/', 'http://127.9.8.7/', 'http://[::1]:3000/', 'http://localhost:4000/s/', 'https://links.example.com/'])(
    'accepts %s without a confirmation',
    (baseUrl) => {
      expect(isInsecureHttp(baseUrl)).toBe(false);
      expect(calls['workspaces.add'].input.safeParse({ name: 'n', baseUrl, apiKey: KEY }).success).toBe(true);
    },
  );

  it.each([REMOTE, 'http://192.168.1.10/', 'http://10.0.0.1:8080/', 'http://localhost.example.com/', 'http://[::2]/'])(
    'refuses %s unless the call carries the confirmation',
    (baseUrl) => {
      const add = calls['workspaces.add'].input;
      const refused = add.safeParse({ name: 'n', baseUrl, apiKey: KEY });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]).toMatchObject({ path: ['baseUrl'], message: expect.stringMatching(/clear text/) });
      expect(add.safeParse({ name: 'n', baseUrl, apiKey: KEY, allowInsecureHttp: true }).success).toBe(true);
      expect(calls['workspaces.setBaseUrl'].input.safeParse({ workspaceId: 'w', baseUrl }).success).toBe(false);
      expect(calls['workspaces.setBaseUrl'].input.safeParse({ workspaceId: 'w', baseUrl, allowInsecureHttp: true }).success).toBe(true);
      expect(calls['workspaces.testConnection'].input.safeParse({ baseUrl, apiKey: KEY }).success).toBe(false);
      expect(calls['workspaces.testConnection'].input.safeParse({ baseUrl, apiKey: KEY, allowInsecureHttp: true }).success).toBe(true);
    },
  );
});

describe('main', () => {
  it('refuses a remote http workspace without the confirmation, and stores nothing', async () => {
    expect(await call('workspaces.add', { name: 'Plain', baseUrl: REMOTE, apiKey: KEY })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', field: 'baseUrl' },
    });
    // Behind the contract too: main's own rule, not only the schema.
    await expect(services.workspaces.add({ name: 'Plain', baseUrl: REMOTE, apiKey: KEY })).rejects.toMatchObject({
      kind: 'invalid-input',
      data: { field: 'baseUrl' },
    });
    expect(await services.workspaces.list()).toEqual([]);
  });

  it('remembers the confirmation on the workspace, for its own origin only', async () => {
    const added = await call('workspaces.add', { name: 'Plain', baseUrl: REMOTE, apiKey: KEY, allowInsecureHttp: true });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = added.value as { id: string };
    expect(services.store.get(id)).toMatchObject({ baseUrl: REMOTE, allowInsecureHttp: true });
    // Another path on the same origin: the confirmation holds (main remembers it; the call restates it).
    expect(await services.workspaces.setBaseUrl(id, `${REMOTE}s/`)).toMatchObject({ baseUrl: `${REMOTE}s/` });
    // Another plain-http host asks again, even with its key.
    await expect(services.workspaces.setBaseUrl(id, 'http://other.example.com/', { apiKey: 'other-key-0123' })).rejects.toMatchObject({
      kind: 'invalid-input',
      data: { field: 'baseUrl' },
    });
    // Moving to https (another origin: the key again) forgets it.
    await services.workspaces.setBaseUrl(id, 'https://links.example.com/', { apiKey: KEY });
    expect(services.store.get(id)).toMatchObject({ allowInsecureHttp: false });
  });

  it('will not use a remote http address that was never confirmed (a list from an older version, or edited)', async () => {
    const added = await call('workspaces.add', { name: 'Safe', baseUrl: 'https://links.example.com/', apiKey: KEY });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = added.value as { id: string };
    const file = path.join(dir, 'workspaces.json');
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('https://links.example.com/', REMOTE));
    services = await start();
    expect(await call('links.list', { workspaceId: id })).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'baseUrl' } });
    expect(await call('workspaces.testConnection', { workspaceId: id })).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'baseUrl' } });
  });
});
