// The resource table drives every resource call: its names are the contract's, its schemas check
// the calls, main's handlers are generated from it, and the client reaches the table's paths.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallRouter, type CallHandlers } from '../../src-main/ipc/call-router.ts';
import { createResourceHandlers } from '../../src-main/resource-handlers.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { createWriteFence, type WriteFence } from '../../src-main/workspaces/write-fence.ts';
import {
  appCalls,
  CALL_NAMES,
  callSchema,
  RESOURCE_CALL_NAMES,
  RESOURCE_PATHS,
  RESOURCE_TABLE,
  RESOURCE_VERBS,
  RESOURCES,
  VERBS,
  type ResourceName,
  type ResourceVerb,
} from '../../src-preload/contract/index.ts';
import { json, startFakeService, type FakeService } from './service/fake-service.ts';

const KEY = 'resource-table-key-1';
const datetime = '2024-01-01 00:00:00';

/** One valid read, create input and update input per resource: the test fails to compile without them. */
const SAMPLES = {
  links: {
    read: {
      id: 7,
      project_id: null,
      domain_id: 0,
      type: 'link',
      url: 'abc',
      location_url: 'https://example.com/',
      settings: { password: null, sensitive_content: false },
      clicks: 0,
      order: 0,
      start_date: null,
      end_date: null,
      datetime,
    },
    create: { location_url: 'https://example.com/' },
    update: { location_url: 'https://example.com/new', email_reports: [] },
  },
  domains: {
    read: { id: 7, scheme: 'https://', host: 'a.example.com', custom_index_url: '', is_enabled: true, last_datetime: null, datetime },
    create: { host: 'a.example.com' },
    update: { is_enabled: false },
  },
  handlers: {
    read: { id: 7, type: 'email', name: 'Ops', settings: { email: 'ops@example.com' }, is_enabled: true, last_datetime: null, datetime },
    create: { name: 'Ops', type: 'email', email: 'ops@example.com' },
    update: { is_enabled: false },
  },
} satisfies Record<ResourceName, { read: object; create: object; update: object }>;

const INPUTS: Record<ResourceVerb, (resource: ResourceName) => Record<string, unknown>> = {
  list: () => ({ workspaceId: 'w' }),
  get: () => ({ workspaceId: 'w', id: 7 }),
  create: (resource) => ({ workspaceId: 'w', input: SAMPLES[resource].create }),
  update: (resource) => ({ workspaceId: 'w', id: 7, input: SAMPLES[resource].update }),
  delete: () => ({ workspaceId: 'w', id: 7 }),
};

const REQUESTS: Record<ResourceVerb, (collection: string) => string> = {
  list: (collection) => `GET ${collection}/?page=1&results_per_page=25`,
  get: (collection) => `GET ${collection}/7`,
  create: (collection) => `POST ${collection}`,
  update: (collection) => `POST ${collection}/7`,
  delete: (collection) => `DELETE ${collection}/7`,
};

describe('the contract from the resource table', () => {
  it('names one call per resource and verb, all of them in the preload allow-list', () => {
    expect(RESOURCE_CALL_NAMES).toEqual(RESOURCES.flatMap((resource) => VERBS.map((verb) => `${resource}.${verb}`)));
    expect(RESOURCES).toEqual(Object.keys(RESOURCE_PATHS));
    expect(VERBS).toEqual(Object.keys(RESOURCE_VERBS));
    for (const name of RESOURCE_CALL_NAMES) expect(CALL_NAMES).toContain(name);
    expect(new Set(CALL_NAMES).size).toBe(CALL_NAMES.length);
    // The allow-list is the table's calls and the app's own, nothing more.
    const tableNames = new Set<string>(RESOURCE_CALL_NAMES);
    const others = CALL_NAMES.filter((name) => !tableNames.has(name));
    expect(others.toSorted()).toEqual(Object.keys(appCalls).toSorted());
  });

  it('has a schema for every call name, and a resource call checks with the table’s schemas', () => {
    for (const name of CALL_NAMES) expect(callSchema(name), name).toBeDefined();
    expect(callSchema('links.nothing')).toBeUndefined();
    for (const resource of RESOURCES) {
      const entry = RESOURCE_TABLE[resource];
      expect(callSchema(`${resource}.list`)?.output).toBe(entry.list);
      expect(callSchema(`${resource}.get`)?.output).toBe(entry.read);
      for (const verb of VERBS) expect(callSchema(`${resource}.${verb}`)).toBe(entry.calls[verb]);
      expect(entry.read.safeParse(SAMPLES[resource].read).success).toBe(true);
      expect(entry.calls.create.input.safeParse(INPUTS.create(resource)).success).toBe(true);
      expect(entry.calls.update.input.safeParse(INPUTS.update(resource)).success).toBe(true);
      expect(entry.calls.create.input.safeParse({ workspaceId: 'w', input: { bogus: 1 } }).success).toBe(false);
    }
  });

  it('keeps the links quirk: an update must carry email_reports, the others need not', () => {
    const refused = RESOURCE_TABLE.links.calls.update.input.safeParse({ workspaceId: 'w', id: 7, input: { location_url: 'https://example.com/' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['input', 'email_reports'],
        message: 'A link update must carry email_reports (the current handler ids, or [] for none)',
      }),
    ]);
    expect(RESOURCE_TABLE.domains.calls.update.input.safeParse({ workspaceId: 'w', id: 7, input: {} }).success).toBe(true);
  });

  it('lets the preload allow the names without zod: names.ts and what it imports are zod-free', async () => {
    const seen = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(file, 'utf8');
      expect(source, file).not.toMatch(/from ['"]zod['"]/);
      for (const [, relative] of source.matchAll(/^import (?!type)[^;]*from '(\.[^']+)';/gm)) await visit(path.resolve(path.dirname(file), relative!));
    };
    await visit(path.resolve('src-preload/contract/names.ts'));
    expect([...seen].map((file) => path.basename(file))).toEqual(['names.ts', 'resource-names.ts']);
  });
});

describe('main from the resource table', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  it('answers every resource call with the generated handler, on the table’s path, reads behind the fence', async () => {
    const fence = createWriteFence();
    const accesses: string[] = [];
    const watched: WriteFence = {
      read: (workspaceId, run) => (accesses.push('read'), fence.read(workspaceId, run)),
      write: (workspaceId, run) => (accesses.push('write'), fence.write(workspaceId, run)),
      inFlight: fence.inFlight,
    };
    const client = new ServiceClient({ baseUrl: `${service.origin}/sub/`, apiKey: KEY });
    const resources = createResourceHandlers({ client: async () => client, fence: watched });
    const router = createCallRouter({ handlers: { resources } as Partial<CallHandlers> as CallHandlers });
    for (const resource of RESOURCES) {
      const collection = `/sub/api/${RESOURCE_PATHS[resource]}`;
      service.answer((req, res) => {
        if (req.method === 'DELETE') return json(res, 200, undefined);
        if (req.method === 'POST') return json(res, 201, { data: { id: 7 } });
        if (req.path.includes('?')) {
          return json(res, 200, {
            data: [SAMPLES[resource].read],
            meta: { page: 1, results_per_page: 25, total: 1, total_pages: 1 },
            links: { first: 'f', last: 'l', next: null, prev: null, self: 's' },
          });
        }
        return json(res, 200, { data: SAMPLES[resource].read });
      });
      for (const verb of VERBS) {
        accesses.length = 0;
        const result = await router.handle(`${resource}.${verb}`, INPUTS[verb](resource), true);
        expect(result, `${resource}.${verb}`).toMatchObject({ ok: true });
        expect(accesses).toEqual([RESOURCE_VERBS[verb]]);
      }
      expect(service.requests.map((req) => `${req.method} ${req.path}`)).toEqual(VERBS.map((verb) => REQUESTS[verb](collection)));
    }
  });
});
