// Helpers for the sandbox tests: a running sandbox over real HTTP and multipart form building.
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-main/sandbox/index.ts';

export type FormValue = string | string[] | Blob;

/** A parsed JSON answer, read freely by the assertions (the schemas check shapes where it matters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code walks answers of any shape
export type Json = any;

export function form(fields: Record<string, FormValue>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) data.append(name, item);
    else data.append(name, value);
  }
  return data;
}

export interface Client {
  sandbox: RunningSandbox;
  get(path: string, key?: string): Promise<{ status: number; body: Json; headers: Headers }>;
  post(path: string, fields: Record<string, FormValue> | FormData, key?: string): Promise<{ status: number; body: Json; headers: Headers }>;
  del(path: string, key?: string): Promise<{ status: number; text: string; headers: Headers }>;
  /** Creates a link and returns its id. */
  link(fields: Record<string, FormValue>, key?: string): Promise<number>;
}

export async function startClient(options: Partial<SandboxOptions> = {}): Promise<Client> {
  const sandbox = await startSandbox({ keys: ['key-a', 'key-b'], ...options });
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  const json = async (response: Response) => {
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
  };
  const client: Client = {
    sandbox,
    get: async (path, key = 'key-a') => json(await fetch(sandbox.url + path, { headers: auth(key) })),
    post: async (path, fields, key = 'key-a') =>
      json(await fetch(sandbox.url + path, { method: 'POST', headers: auth(key), body: fields instanceof FormData ? fields : form(fields) })),
    del: async (path, key = 'key-a') => {
      const response = await fetch(sandbox.url + path, { method: 'DELETE', headers: auth(key) });
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    link: async (fields, key = 'key-a') => {
      const response = await client.post('api/links', fields, key);
      if (response.status !== 201) throw new Error(`link create failed: ${JSON.stringify(response.body)}`);
      return response.body.data.id as number;
    },
  };
  return client;
}

/** The titles of an error response, checking the error shape on the way. */
export function titles(body: Json, status: number): string[] {
  if (!body || !Array.isArray(body.errors) || body.errors.length === 0) throw new Error(`not an error body: ${JSON.stringify(body)}`);
  for (const error of body.errors) {
    if (typeof error.title !== 'string' || error.status !== status) throw new Error(`bad error entry: ${JSON.stringify(error)}`);
  }
  return body.errors.map((error: { title: string }) => error.title);
}

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]);
export const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** A temporary folder for data files, removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'linkdock-sandbox-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads the sandbox's data file directly: what was really stored (write-only fields included). */
export function inspect(file: string) {
  const query = <T>(fn: (db: DatabaseSync) => T): T => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const count = (db: DatabaseSync, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    counts: query((db) => ({
      links: count(db, 'links'),
      domains: count(db, 'domains'),
      handlers: count(db, 'handlers'),
      clicks: count(db, 'clicks'),
      uploads: count(db, 'uploads'),
      reports: count(db, 'link_reports'),
    })),
    options: (id: number) => query((db) => JSON.parse((db.prepare('SELECT options FROM links WHERE id = ?').get(id) as { options: string }).options)),
    reports: (id: number) =>
      query((db) =>
        (db.prepare('SELECT handler_id FROM link_reports WHERE link_id = ? ORDER BY handler_id').all(id) as { handler_id: number }[]).map(
          (row) => row.handler_id,
        ),
      ),
    clicks: (id: number) => query((db) => db.prepare('SELECT * FROM clicks WHERE link_id = ? ORDER BY id').all(id) as Record<string, unknown>[]),
    enabled: (id: number) => query((db) => (db.prepare('SELECT is_enabled FROM links WHERE id = ?').get(id) as { is_enabled: number }).is_enabled === 1),
    uploads: (id: number) =>
      query(
        (db) => db.prepare('SELECT token, kind, mime FROM uploads WHERE link_id = ? ORDER BY kind').all(id) as { token: string; kind: string; mime: string }[],
      ),
  };
}

/** Takes the columns of schema versions 3 (statistics) and 4 (global domains) out again: a data file as versions 1 and 2 wrote it. */
export function dropStatisticsColumns(db: DatabaseSync): void {
  for (const column of [
    'visitor_hash',
    'continent_code',
    'city_name',
    'browser_language',
    'referrer_host',
    'referrer_path',
    'utm_source',
    'utm_medium',
    'utm_campaign',
  ]) {
    db.exec(`ALTER TABLE clicks DROP COLUMN ${column}`);
  }
  db.exec('ALTER TABLE domains DROP COLUMN is_global');
}
