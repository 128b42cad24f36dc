// Issue #36 item 1: a local process that can write the user data folder must not get a stored key
// sent to its own server. The real sandbox is the service the key was entered for; a node:http
// server on 127.0.0.1 stands in for the attacker's, and records everything it is sent.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../src-main/main-services.ts';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/index.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { testCipher } from '../../support/test-cipher.ts';

const KEY = 'sk_sandbox_key_0123456789abcdef';
let sandbox: RunningSandbox;
let attacker: Server;
let attackerUrl: string;
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, keys: [KEY] });
  attacker = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: [], meta: { page: 1, results_per_page: 25, total: 0, total_pages: 1 } }));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  attacker.closeAllConnections();
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
  await sandbox.close();
});

let dir: string;
let cleanup: () => Promise<void>;
const { cipher } = testCipher();
const start = (): Promise<MainServices> => testMainServices(dir, { cipher });

beforeEach(async () => {
  ({ dir, cleanup } = await withTempDir());
  received.length = 0;
});
afterEach(() => cleanup());

/** Adds the workspace as the user would (the key checked against the sandbox), then stops the app. */
async function addAtSandbox(): Promise<string> {
  const services = await start();
  const added = await services.router.handle('workspaces.add', { name: 'Mine', baseUrl: sandbox.url, apiKey: KEY }, true);
  if (!added.ok) throw new Error(added.error.message);
  const workspaceId = (added.value as { id: string }).id;
  expect(await services.router.handle('links.list', { workspaceId }, true)).toMatchObject({ ok: true });
  return workspaceId;
}

/** What the attacker does while the app is closed: the workspace list names their server, and the key file is edited. */
async function tamper(workspaceId: string, editKeyFile: (file: { version: number; backend: string; data: string }) => object): Promise<void> {
  const list = path.join(dir, 'workspaces.json');
  await writeFile(list, (await readFile(list, 'utf8')).replaceAll(sandbox.url, attackerUrl));
  const keyFile = path.join(dir, 'keys', `${workspaceId}.key.json`);
  await writeFile(keyFile, JSON.stringify(editKeyFile(JSON.parse(await readFile(keyFile, 'utf8')))));
}

/** Every call that would send the key, made the way the window makes them. */
async function useTheWorkspace(services: MainServices, workspaceId: string) {
  const results = [];
  for (const name of ['links.list', 'domains.list', 'handlers.list', 'workspaces.testConnection']) {
    results.push(await services.router.handle(name, { workspaceId }, true));
  }
  return results;
}

describe('a key file edited to the old format', () => {
  it('is refused, asks for the key again, and the attacker’s server gets nothing', async () => {
    const workspaceId = await addAtSandbox();
    await tamper(workspaceId, (file) => ({ ...file, version: 1 }));

    const services = await start();
    const results = await useTheWorkspace(services, workspaceId);
    for (const result of results) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'vault' } });
      expect(result.ok ? '' : result.error.message).toMatch(/Enter the key again/);
      expect(JSON.stringify(result)).not.toContain(KEY);
    }
    expect(received.filter((headers) => JSON.stringify(headers).includes(KEY))).toEqual([]);
    expect(received).toEqual([]);
    // Nothing was re-bound behind the user's back: the file is as the attacker left it.
    expect(JSON.parse(await readFile(path.join(dir, 'keys', `${workspaceId}.key.json`), 'utf8'))).toMatchObject({ version: 1 });
  });

  it('a genuine old-format key (the bare key, no origin) is not re-bound to the address the list names now', async () => {
    const workspaceId = await addAtSandbox();
    const bare = Buffer.from(await cipher.encrypt(KEY)).toString('base64');
    await tamper(workspaceId, (file) => ({ ...file, version: 1, data: bare }));

    const services = await start();
    for (const result of await useTheWorkspace(services, workspaceId)) expect(result).toMatchObject({ ok: false, error: { kind: 'vault' } });
    expect(received).toEqual([]);
  });

  it('once the user enters the key again, it works for the address they confirm', async () => {
    const workspaceId = await addAtSandbox();
    await tamper(workspaceId, (file) => ({ ...file, version: 1 }));
    const services = await start();
    // The user sees the list names another address and moves it back, entering the key.
    const moved = await services.router.handle('workspaces.setBaseUrl', { workspaceId, baseUrl: sandbox.url, apiKey: KEY }, true);
    expect(moved).toMatchObject({ ok: true, value: { hasKey: true, baseUrl: sandbox.url } });
    expect(await services.router.handle('links.list', { workspaceId }, true)).toMatchObject({ ok: true });
    expect(received).toEqual([]);
  });
});
