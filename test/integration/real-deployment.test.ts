// Against a stand-in that answers and updates like a real deployment (test/support/real-service.ts),
// through main's real call router and service client and the renderer's sync engine: an edit of
// one field changes exactly that field on the service; outside changes of every field show after a
// pull; every optional setting can be set and cleared; enable/disable keeps reports.
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src-main/main-services.ts';
import { createContractApi } from '../../src-renderer/contract/contract-client.ts';
import { rowView, type LinkPatch, type WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { fullRawLink, startRealService, type RawLink, type RealService } from '../support/real-service.ts';
import { createEventHub, fastClock, newIndexedDb, openSync, routerBridge } from '../support/sync-harness.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';

let real: RealService;
let services: MainServices;
let workspaceId: string;
let api: ReturnType<typeof createContractApi>;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  real = await startRealService();
  const temp = await withTempDir();
  const agent = new Agent();
  const hub = createEventHub();
  services = await testMainServices(temp.dir, {
    emit: (event, payload) => hub.emit(event, payload),
    dispatcher: agent,
  });
  api = createContractApi(routerBridge(services, hub));
  workspaceId = (await api.call('workspaces.add', { name: 'Real', baseUrl: real.url, apiKey: real.key })).id;
  cleanups.push(
    () => real.close(),
    () => agent.close(),
    temp.cleanup,
  );
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
});

let ws: WorkspaceSync | null = null;
afterEach(() => {
  ws?.close();
  ws = null;
});

async function engineWith(link: RawLink): Promise<{ ws: WorkspaceSync; clientId: string }> {
  real.links.clear();
  real.links.set(link.id, structuredClone(link));
  ws = await openSync({ api, workspaceId }, newIndexedDb(), { autoStart: false, clock: fastClock(), random: () => 0 });
  await ws.syncNow();
  const row = (await linkRows(ws.db).toArray()).find((r) => r.serverId === link.id)!;
  return { ws, clientId: row.clientId };
}

async function editAndSync(patch: LinkPatch, link = fullRawLink(1)): Promise<{ before: RawLink; after: RawLink; sync: WorkspaceSync }> {
  const { ws: sync, clientId } = await engineWith(link);
  const before = structuredClone(real.links.get(link.id)!);
  await sync.links.update(clientId, patch);
  const result = await sync.syncNow();
  expect(result.stoppedBy).toBeNull();
  const ops = await sync.db.outbox.toArray();
  expect(ops.map((op) => [op.state, op.error?.message])).toEqual([]);
  return { before, after: structuredClone(real.links.get(link.id)!), sync };
}

/** The stored link with `last_datetime` set aside (the service stamps every update). */
const stored = (link: RawLink) => ({ ...link, last_datetime: null });

describe('a real deployment: one field edited, exactly that field changed', () => {
  const cases: [string, LinkPatch, (link: RawLink) => void][] = [
    ['destination', { location_url: 'https://moved.example/' }, (l) => (l.location_url = 'https://moved.example/')],
    ['alias', { url: 'renamed' }, (l) => (l.url = 'renamed')],
    ['enabled (off)', { is_enabled: false }, (l) => (l.is_enabled = 0)],
    ['UTM source', { utm_source: 'ads' }, (l) => ((l.settings.utm as Record<string, unknown>).source = 'ads')],
    ['clicks limit', { clicks_limit: 42 }, (l) => (l.settings.clicks_limit = 42)],
    ['expiration URL', { expiration_url: 'https://else.example/' }, (l) => (l.settings.expiration_url = 'https://else.example/')],
    ['status code', { http_status_code: 302 }, (l) => (l.settings.http_status_code = 302)],
    ['cloaking title', { cloaking_title: 'New title' }, (l) => (l.settings.cloaking_title = 'New title')],
    ['sensitive content', { sensitive_content: true }, (l) => (l.settings.sensitive_content = 1)],
    ['forward query (off)', { forward_query_parameters_is_enabled: false }, (l) => (l.settings.forward_query_parameters_is_enabled = 0)],
    ['e-mail reports', { email_reports: [11] }, (l) => (l.email_reports = [11])],
    ['pixels', { pixels_ids: [9] }, (l) => (l.pixels_ids = [9])],
    [
      'schedule dates',
      { schedule: true, start_date: '2026-03-01 08:00:00', end_date: '2026-04-01 08:00:00' },
      (l) => Object.assign(l.settings, { start_date: '2026-03-01 08:00:00', end_date: '2026-04-01 08:00:00' }),
    ],
    [
      'one targeting rule',
      {
        targeting_type: 'country_code',
        targeting: {
          country_code: [
            { key: 'DE', value: 'https://de2.example/' },
            { key: 'FR', value: 'https://fr.dest.example/' },
          ],
        },
      },
      (l) =>
        (l.settings.targeting_country_code = [
          { key: 'DE', value: 'https://de2.example/' },
          { key: 'FR', value: 'https://fr.dest.example/' },
        ]),
    ],
  ];
  for (const [name, patch, expectChange] of cases) {
    it(`${name}: every other field (reports, pixels, project, targeting, cloaking, schedule, limits, unknown keys) unchanged`, async () => {
      const { before, after } = await editAndSync(patch);
      const expected = structuredClone(before);
      expectChange(expected);
      expect(stored(after)).toEqual(stored(expected));
    });
  }

  it('the same edit through the editor model: an emptied setting is cleared, the rest stays', async () => {
    const { before, after } = await editAndSync({ clicks_limit: null, expiration_url: null, project_id: null, cloaking_favicon: null, targeting_type: null });
    const expected = structuredClone(before);
    Object.assign(expected.settings, { clicks_limit: 0, expiration_url: '', cloaking_favicon: null, targeting_type: 'false' });
    delete expected.settings.targeting_country_code;
    expected.project_id = null;
    expect(stored(after)).toEqual(stored(expected));
  });

  it('disable then enable keeps the reports and pixels, and sends no field the user did not choose', async () => {
    const { ws: sync, clientId } = await engineWith(fullRawLink(2));
    await sync.links.update(clientId, { is_enabled: false });
    await sync.syncNow();
    expect(real.links.get(2)).toMatchObject({ is_enabled: 0, email_reports: [11, 12, 13], pixels_ids: [5, 6], project_id: 4 });
    const update = real.requests.filter((r) => r.method === 'POST').at(-1)!;
    // Carried because the release resets them when left out; their values come from the read.
    expect([...update.form.keys()].sort()).toEqual(
      [
        'is_enabled',
        'email_reports[]',
        'pixels_ids[]',
        'project_id',
        'targeting_type',
        'targeting_country_code_key[0]',
        'targeting_country_code_value[0]',
        'targeting_country_code_key[1]',
        'targeting_country_code_value[1]',
      ].sort(),
    );
    await sync.links.update(clientId, { is_enabled: true });
    await sync.syncNow();
    expect(real.links.get(2)).toMatchObject({ is_enabled: 1, email_reports: [11, 12, 13], pixels_ids: [5, 6] });
  });
});

describe('a real deployment: what the service holds shows in the app', () => {
  it('shows every field of the read, and outside changes of each after the next pull', async () => {
    const { ws: sync, clientId } = await engineWith(fullRawLink(3));
    const view = () =>
      linkRows(sync.db)
        .get(clientId)
        .then((row) => rowView('links', row!));
    expect(await view()).toMatchObject({
      is_enabled: true,
      email_reports: [11, 12, 13],
      pixels_ids: [5, 6],
      project_id: 4,
      schedule: true,
      clicks_limit: 500,
      expiration_url: 'https://dest.example/expired',
      http_status_code: 307,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn',
      targeting_type: 'country_code',
      cloaking_is_enabled: true,
      cloaking_title: 'Cloaked title',
      cloaking_favicon: 'favicon-stored.png',
      forward_query_parameters_is_enabled: true,
      start_date: '2026-01-01 00:00:00',
      end_date: '2027-01-01 00:00:00',
    });
    // Someone edits every field in the service's web UI.
    const link = real.links.get(3)!;
    Object.assign(link, { is_enabled: 0, email_reports: [12], pixels_ids: [], project_id: null, location_url: 'https://web-ui.example/' });
    Object.assign(link.settings, {
      clicks_limit: 0,
      expiration_url: '',
      http_status_code: 308,
      utm: { source: 'web', medium: null, campaign: null },
      targeting_type: 'false',
      cloaking_title: 'From the web',
      cloaking_favicon: null,
      forward_query_parameters_is_enabled: 0,
      schedule: 0,
      sensitive_content: 1,
    });
    await sync.syncNow();
    expect(await view()).toMatchObject({
      is_enabled: false,
      email_reports: [12],
      pixels_ids: [],
      project_id: null,
      location_url: 'https://web-ui.example/',
      clicks_limit: null,
      expiration_url: null,
      http_status_code: 308,
      utm_source: 'web',
      utm_medium: null,
      targeting_type: null,
      cloaking_title: 'From the web',
      cloaking_favicon: null,
      forward_query_parameters_is_enabled: false,
      schedule: false,
      sensitive_content: true,
    });
    // Unknown keys are kept in the mirror verbatim.
    expect((await linkRows(sync.db).get(clientId))!.base).toMatchObject({
      name: 'A name only the web UI sets',
      settings: { is_se_visible: 1, splash_page_id: 7 },
    });
  });

  it('a link disabled here, then enabled and disabled again elsewhere, shows right each time', async () => {
    const { ws: sync, clientId } = await engineWith(fullRawLink(4));
    const enabled = async () => rowView('links', (await linkRows(sync.db).get(clientId))!).is_enabled;
    await sync.links.update(clientId, { is_enabled: false });
    await sync.syncNow();
    expect(await enabled()).toBe(false);
    real.links.get(4)!.is_enabled = 1;
    await sync.syncNow();
    expect(await enabled()).toBe(true);
    real.links.get(4)!.is_enabled = 0;
    await sync.syncNow();
    expect(await enabled()).toBe(false);
  });

  it('a remote change and a local edit of different fields both survive; of the same field, a conflict is shown', async () => {
    const { ws: sync, clientId } = await engineWith(fullRawLink(5));
    await sync.links.update(clientId, { utm_source: 'mine' });
    // Meanwhile on the service: another field, and the same one.
    real.links.get(5)!.email_reports = [13];
    (real.links.get(5)!.settings.utm as Record<string, unknown>).campaign = 'theirs';
    await sync.syncNow();
    expect(real.links.get(5)).toMatchObject({ email_reports: [13], settings: { utm: { source: 'mine', campaign: 'theirs' } } });
    await sync.links.update(clientId, { utm_medium: 'mine' });
    (real.links.get(5)!.settings.utm as Record<string, unknown>).medium = 'theirs';
    await sync.syncNow();
    const [op] = await sync.db.outbox.toArray();
    expect(op).toMatchObject({ state: 'conflict', conflict: { type: 'fields', fields: [{ field: 'utm_medium', mine: 'mine', theirs: 'theirs' }] } });
    expect((real.links.get(5)!.settings.utm as Record<string, unknown>).medium).toBe('theirs');
    // Keep mine: only that field goes out; the reports set elsewhere stay.
    await sync.resolveConflict(op!.opId, { type: 'fields', choices: { utm_medium: 'mine' } });
    await sync.syncNow();
    expect(real.links.get(5)).toMatchObject({ email_reports: [13], settings: { utm: { source: 'mine', medium: 'mine', campaign: 'theirs' } } });
  });
});
