// A stand-in for a real deployment, built from real-service-notes.md and a release's public source:
// link reads carry the whole record (reports, pixels, enabled as "1"/"0", project 0, clicks as a
// string, every settings key including ones Linkdock does not know), and an update rebuilds the
// link the way that release does — pixels and project reset when left out, targeting rules kept
// only for the kind sent, a missing `email_reports[]` is a server error, an empty password keeps
// the old one. Tests use it to prove that an edit of one field changes exactly that field. It
// answers `GET /api/statistics/{id}` over `clicks` as a release does (real-statistics.ts), or, as
// deployments without statistics do, with its JSON 404 for unknown routes or a web page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerStatistics, type RawClick } from './real-statistics.ts';

export type { RawClick } from './real-statistics.ts';

export type RawLink = {
  id: number;
  user_id: number;
  project_id: number | null;
  domain_id: number;
  pixels_ids: number[];
  email_reports: number[];
  type: string;
  url: string;
  location_url: string;
  name: string;
  settings: Record<string, unknown>;
  clicks: number;
  is_enabled: number;
  is_verified: number;
  last_datetime: string | null;
  datetime: string;
};

export type RawHandler = { id: number; type: string; name: string; settings: Record<string, unknown>; is_enabled: number; datetime: string };

const KINDS = ['continent_code', 'country_code', 'city_name', 'device_type', 'browser_language', 'rotation', 'os_name', 'browser_name'];

/** A link as the release stores it, with every setting set (override what a test needs). */
export function fullRawLink(id: number, overrides: Partial<RawLink> = {}): RawLink {
  return {
    id,
    user_id: 1,
    project_id: 4,
    domain_id: 0,
    pixels_ids: [5, 6],
    email_reports: [11, 12, 13],
    type: 'link',
    url: `real-${id}`,
    location_url: `https://dest.example/${id}`,
    name: 'A name only the web UI sets',
    clicks: 12,
    is_enabled: 1,
    is_verified: 1,
    last_datetime: null,
    datetime: '2026-01-05 10:00:00',
    settings: {
      password: '$2y$10$storedhash',
      sensitive_content: 0,
      schedule: 1,
      start_date: '2026-01-01 00:00:00',
      end_date: '2027-01-01 00:00:00',
      clicks_limit: 500,
      expiration_url: 'https://dest.example/expired',
      http_status_code: 307,
      utm: { source: 'newsletter', medium: 'email', campaign: 'autumn' },
      targeting_type: 'country_code',
      targeting_country_code: [
        { key: 'DE', value: 'https://de.dest.example/' },
        { key: 'FR', value: 'https://fr.dest.example/' },
      ],
      cloaking_is_enabled: 1,
      cloaking_title: 'Cloaked title',
      cloaking_meta_description: 'Cloaked description',
      cloaking_custom_js: 'console.log(1)',
      cloaking_favicon: 'favicon-stored.png',
      cloaking_opengraph: 'og-stored.png',
      app_linking_is_enabled: 0,
      app_linking: { ios_location_url: null, android_location_url: null, app: null },
      forward_query_parameters_is_enabled: 1,
      is_se_visible: 1,
      splash_page_id: 7,
    },
    ...overrides,
  };
}

export interface RealService {
  url: string;
  key: string;
  links: Map<number, RawLink>;
  handlers: Map<number, RawHandler>;
  /** Click rows the statistics call counts (tests add them). */
  clicks: RawClick[];
  /** Requests as received: method, path and form fields (multipart parts as name → values). */
  requests: { method: string; path: string; form: Map<string, string[]> }[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, title: string) => send(res, status, { errors: [{ title, status: String(status) }] });

/** The read as the release answers it: some numbers as strings, project 0 for none. */
function readOf(link: RawLink): Record<string, unknown> {
  return { ...structuredClone(link), project_id: link.project_id ?? 0, clicks: String(link.clicks), is_enabled: String(link.is_enabled) };
}

async function readForm(req: IncomingMessage, body: Buffer): Promise<Map<string, string[]>> {
  const form = new Map<string, string[]>();
  if (!req.headers['content-type']?.startsWith('multipart/form-data')) return form;
  const parsed = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] } }).formData();
  for (const [name, value] of parsed.entries()) {
    const text = typeof value === 'string' ? value : `file:${value.name}`;
    form.set(name, [...(form.get(name) ?? []), text]);
  }
  return form;
}

const one = (form: Map<string, string[]>, name: string) => form.get(name)?.[0];
const isUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value);

/** The release's update: every known setting is rebuilt from the request or the stored value. */
function update(link: RawLink, form: Map<string, string[]>): string | null {
  const s = link.settings;
  const location = one(form, 'location_url') ?? link.location_url;
  if (!isUrl(location)) return 'The destination URL is not valid.';
  const alias = one(form, 'url');
  if (alias) link.url = alias;
  link.location_url = location;
  if (form.has('domain_id')) link.domain_id = Number(one(form, 'domain_id')) || 0;
  if (form.has('is_enabled')) link.is_enabled = Number(one(form, 'is_enabled')) ? 1 : 0;
  link.email_reports = (form.get('email_reports[]') ?? []).filter(Boolean).map(Number);
  // Left out, these two come back empty on this release.
  link.pixels_ids = (form.get('pixels_ids[]') ?? []).filter(Boolean).map(Number);
  link.project_id = Number(one(form, 'project_id')) || null;
  const schedule = form.has('schedule') ? (Number(one(form, 'schedule')) ? 1 : 0) : s.schedule;
  const settings: Record<string, unknown> = { ...s, schedule };
  if (schedule && one(form, 'start_date') && one(form, 'end_date')) {
    settings.start_date = one(form, 'start_date');
    settings.end_date = one(form, 'end_date');
  }
  const keep = (key: string, field = key, map: (v: string) => unknown = (v) => v) => {
    if (form.has(field)) settings[key] = map(one(form, field) ?? '');
  };
  keep('expiration_url');
  keep('clicks_limit', 'clicks_limit', (v) => Number(v) || 0);
  const password = one(form, 'password') ?? '';
  if (password !== '') settings.password = `$2y$10$hash-of-${password.length}`;
  for (const flag of ['sensitive_content', 'app_linking_is_enabled', 'cloaking_is_enabled', 'forward_query_parameters_is_enabled'])
    keep(flag, flag, (v) => (Number(v) ? 1 : 0));
  for (const key of ['cloaking_title', 'cloaking_meta_description', 'cloaking_custom_js']) keep(key);
  for (const image of ['cloaking_favicon', 'cloaking_opengraph']) {
    if (form.has(`${image}_remove`)) settings[image] = null;
    if (form.has(image)) settings[image] = `${image}-uploaded.png`;
  }
  const status = Number(one(form, 'http_status_code'));
  if ([301, 302, 307, 308].includes(status)) settings.http_status_code = status;
  const utm = { ...(s.utm as Record<string, unknown>) };
  for (const part of ['source', 'medium', 'campaign']) if (form.has(`utm_${part}`)) utm[part] = one(form, `utm_${part}`);
  settings.utm = utm;
  const kind = one(form, 'targeting_type');
  if (kind !== undefined && (kind === 'false' || KINDS.includes(kind))) settings.targeting_type = kind;
  // Rules survive only for the kinds sent.
  for (const k of KINDS) delete settings[`targeting_${k}`];
  for (const k of KINDS) {
    const keys = [...form.keys()].filter((name) => name.startsWith(`targeting_${k}_key[`));
    if (keys.length === 0) continue;
    settings[`targeting_${k}`] = keys
      .map((name) => ({ key: one(form, name) ?? '', value: one(form, name.replace('_key[', '_value[')) ?? '' }))
      .filter((rule) => rule.value.trim() !== '');
  }
  link.settings = settings;
  link.last_datetime = '2026-11-23 12:00:00';
  return null;
}

export interface RealServiceOptions {
  /**
   * `GET /api/statistics/{id}`: answered like a release (default); `no-route`: the deployment has
   * no such call and answers its JSON 404 for unknown routes; `web-page`: it answers a 404 web page
   * (with a JSON content-type, as some do).
   */
  statistics?: 'answer' | 'no-route' | 'web-page';
  /** "Today" in the account's zone, for the statistics' default range. */
  today?: string;
}

export async function startRealService(key = 'real-key', options: RealServiceOptions = {}): Promise<RealService> {
  const links = new Map<number, RawLink>();
  const clicks: RawClick[] = [];
  const handlers = new Map<number, RawHandler>();
  for (const id of [11, 12, 13])
    handlers.set(id, { id, type: 'email', name: `Reports ${id}`, settings: { email: `r${id}@example.com` }, is_enabled: 1, datetime: '2026-01-01 00:00:00' });
  const requests: RealService['requests'] = [];
  let nextId = 1000;
  const list = (res: ServerResponse, path: string, rows: unknown[], query: URLSearchParams) => {
    const perPage = Number(query.get('results_per_page') ?? 25);
    const page = Number(query.get('page') ?? 1);
    const totalPages = Math.ceil(rows.length / perPage);
    send(res, 200, {
      data: rows.slice((page - 1) * perPage, page * perPage),
      meta: { page: String(page), results_per_page: perPage, total_results: rows.length, total_pages: totalPages },
      links: {
        first: `${path}?page=1`,
        last: totalPages ? `${path}?page=${totalPages}` : null,
        next: page < totalPages ? `${path}?page=${page + 1}` : null,
        prev: null,
        self: `${path}?page=${page}`,
      },
    });
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const form = await readForm(req, Buffer.concat(chunks));
        requests.push({ method: req.method ?? '', path: url.pathname, form });
        if (req.headers.authorization !== `Bearer ${key}`) return error(res, 401, 'Please provide a valid API key.');
        const path = url.pathname.replace(/\/+$/, '');
        const match = /^\/api\/links\/(\d+)$/.exec(path);
        const statistics = /^\/api\/statistics\/(\d+)$/.exec(path);
        if (req.method === 'GET' && statistics && options.statistics === 'web-page') {
          res.writeHead(404, { 'content-type': 'application/json' });
          return res.end('<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>');
        }
        if (req.method === 'GET' && statistics && options.statistics !== 'no-route') {
          if (!links.has(Number(statistics[1]))) return error(res, 404, 'The resource was not found.');
          const answer = answerStatistics(clicks, Number(statistics[1]), url.searchParams, options.today ?? '2026-11-23');
          return send(res, answer.status, answer.body);
        }
        if (req.method === 'GET' && path === '/api/user')
          return send(res, 200, { data: { id: 1, name: 'Real user', email: 'real@example.com', timezone: 'Europe/Berlin', plan_id: 'custom' } });
        if (req.method === 'GET' && path === '/api/links')
          return list(res, path, [...links.values()].sort((a, b) => b.id - a.id).map(readOf), url.searchParams);
        if (req.method === 'GET' && path === '/api/domains') return list(res, path, [], url.searchParams);
        if (req.method === 'GET' && path === '/api/notification-handlers') return list(res, path, [...handlers.values()], url.searchParams);
        if (match) {
          const link = links.get(Number(match[1]));
          if (!link) return error(res, 404, 'The resource was not found.');
          if (req.method === 'GET') return send(res, 200, { data: readOf(link) });
          if (req.method === 'DELETE') {
            links.delete(link.id);
            return send(res, 200, undefined);
          }
          if (!form.has('email_reports[]')) {
            res.writeHead(500, { 'content-type': 'application/json' });
            return res.end('<html><body>Fatal error: Uncaught TypeError: count(): Argument #1 must be of type array</body></html>');
          }
          const problem = update(link, form);
          return problem ? error(res, 401, problem) : send(res, 200, { data: { id: link.id } });
        }
        if (req.method === 'POST' && path === '/api/links') {
          const link = fullRawLink(nextId++, {
            email_reports: [],
            pixels_ids: [],
            project_id: null,
            name: '',
            clicks: 0,
            settings: {
              password: null,
              sensitive_content: 0,
              schedule: 0,
              utm: { source: null, medium: null, campaign: null },
              targeting_type: 'false',
              http_status_code: 301,
            },
          });
          const problem = update(link, form);
          if (problem) return error(res, 401, problem);
          links.set(link.id, link);
          return send(res, 201, { data: { id: link.id } });
        }
        return error(res, 404, 'No such route.');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    key,
    links,
    handlers,
    clicks,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
