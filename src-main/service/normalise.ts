// Pure parsing of the service's answers into the contract's read shapes. Real deployments differ
// from the document (real-service-notes.md): strings for numbers, 0/1 for booleans, project_id 0,
// missing `order`, extra settings keys, `total_results`, string `meta.page`, null `links.last`,
// items of other types. Everything is normalised here and then checked against the contract's zod
// schema; what still does not fit is refused as `bad-response` naming the item, never dropped.
import {
  AccountSchema,
  DomainSchema,
  HandlerSchema,
  LinkSchema,
  ListMetaSchema,
  type Account,
  type Created,
  type Domain,
  type Handler,
  type Link,
  type ListEnvelope,
  type ListMeta,
  type Updated,
} from '../../src-preload/contract/resources.ts';
import { SERVICE_DATETIME, TARGETING_KINDS } from '../../src-preload/contract/api-rules.ts';
import { normaliseScheme } from '../../src-preload/contract/short-url.ts';
import type { z } from 'zod';
import { serviceError } from './errors.ts';

export type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'html' }
  | { kind: 'text' };

/** Reads a body by its content, not its content-type: real deployments send HTML with a JSON type. */
export function parseBody(text: string): ParsedBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { kind: 'empty' };
  if (trimmed.startsWith('<')) return { kind: 'html' };
  try {
    return { kind: 'json', value: JSON.parse(trimmed) as unknown };
  } catch {
    return { kind: 'text' };
  }
}

class ShapeError extends Error {}

function fail(message: string): never {
  throw new ShapeError(message);
}

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Integers from numbers or digit strings ("12", " 12 "); anything else is undefined. */
export function toInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

/** Booleans from true/false, 0/1, "0"/"1", "true"/"false". */
export function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === '0' || value === 'false' || value === '') return false;
  if (value === 1 || value === '1' || value === 'true') return true;
  return undefined;
}

/** `YYYY-MM-DD HH:MM:SS`; ISO forms are rewritten without converting the zone (the service's times are the account's). */
export function toServiceDatetime(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (/^0000-00-00/.test(trimmed)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(trimmed);
  if (!match) return undefined;
  const formatted = `${match[1]} ${match[2]}${match[3] ?? ':00'}`;
  return SERVICE_DATETIME.test(formatted) ? formatted : undefined;
}

function requiredInt(raw: Obj, key: string, what: string): number {
  const value = toInt(raw[key]);
  if (value === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

function optionalInt(raw: Obj, key: string, fallback: number, what: string): number {
  if (raw[key] === undefined || raw[key] === null || raw[key] === '') return fallback;
  return requiredInt(raw, key, what);
}

function requiredBool(raw: Obj, key: string, what: string, fallback?: boolean): boolean {
  if ((raw[key] === undefined || raw[key] === null) && fallback !== undefined) return fallback;
  const value = toBool(raw[key]);
  if (value === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

function str(raw: Obj, key: string, what: string, fallback?: string): string {
  const value = raw[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  return fail(`${what} has no usable ${key} (${describe(value)})`);
}

function datetime(raw: Obj, key: string, what: string, nullable: true): string | null;
function datetime(raw: Obj, key: string, what: string, nullable: false): string;
function datetime(raw: Obj, key: string, what: string, nullable: boolean): string | null {
  const value = toServiceDatetime(raw[key]);
  if (value === undefined || (value === null && !nullable)) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** Settings may be an object, a JSON string (some releases), or absent. */
function settingsObject(value: unknown): Obj {
  if (isObj(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (isObj(parsed)) return parsed;
    } catch {
      // not JSON: treated as no settings below
    }
  }
  return {};
}

function itemLabel(raw: unknown, resource: string): string {
  const id = isObj(raw) ? raw.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? `${resource} ${String(id)}` : `a ${resource} without an id`;
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    fail(`${what}: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'unexpected shape'}`);
  }
  return result.data;
}

const LINK_KEYS = new Set([
  'id', 'user_id', 'project_id', 'domain_id', 'type', 'url', 'location_url', 'pixels_ids', 'email_reports', 'settings',
  'clicks', 'order', 'start_date', 'end_date', 'is_enabled', 'is_verified', 'last_datetime', 'datetime',
]);

/** Unknown keys of an object, verbatim (real deployments carry more than Linkdock knows). */
function extraKeys(raw: Obj, known: ReadonlySet<string>): Obj {
  const extra: Obj = {};
  for (const [key, value] of Object.entries(raw)) if (!known.has(key) && value !== undefined) extra[key] = value;
  return extra;
}

/** Integer ids from an array, a JSON array string ("[1,2]") or nothing; undefined when absent. */
function idList(value: unknown): number[] | undefined {
  let list = value;
  if (typeof list === 'string') {
    const trimmed = list.trim();
    if (trimmed === '') return [];
    try {
      list = JSON.parse(trimmed) as unknown;
    } catch {
      return undefined;
    }
  }
  if (list === null) return [];
  if (!Array.isArray(list)) return undefined;
  return list.map(toInt).filter((id): id is number => id !== undefined && id > 0);
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? (value === '' ? null : value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** `{key, value}` rules from an array (or an object of them, as PHP may encode a list). */
function targetingRules(value: unknown): { key: string; value: string }[] {
  const list = Array.isArray(value) ? value : isObj(value) ? Object.values(value) : [];
  return list.filter(isObj).map((rule) => ({ key: textOrNull(rule.key) ?? '', value: textOrNull(rule.value) ?? '' }));
}

/**
 * The whole settings object, every key kept: known keys get their types normalised (0/1, "1",
 * "" for null, the string "false" for no targeting), unknown ones stay exactly as sent.
 */
function normaliseLinkSettings(settings: Obj): Obj {
  const out: Obj = { ...settings };
  const password = settings.password;
  out.password = typeof password === 'string' && password !== '' ? password : null;
  out.sensitive_content = toBool(settings.sensitive_content) ?? false;
  for (const key of ['schedule', 'cloaking_is_enabled', 'app_linking_is_enabled', 'forward_query_parameters_is_enabled']) {
    if (key in settings) out[key] = toBool(settings[key]) ?? false;
  }
  for (const key of ['expiration_url', 'cloaking_title', 'cloaking_meta_description', 'cloaking_custom_js', 'cloaking_favicon', 'cloaking_opengraph']) {
    if (key in settings) out[key] = textOrNull(settings[key]);
  }
  // Older releases call the clicks limit `pageviews_limit`; 0 means no limit.
  const limitKey = 'clicks_limit' in settings ? 'clicks_limit' : 'pageviews_limit' in settings ? 'pageviews_limit' : null;
  if (limitKey) {
    const limit = toInt(settings[limitKey]);
    out.clicks_limit = limit !== undefined && limit > 0 ? limit : null;
  }
  if ('http_status_code' in settings) out.http_status_code = toInt(settings.http_status_code) ?? null;
  if ('utm' in settings) {
    const utm = isObj(settings.utm) ? settings.utm : {};
    out.utm = { source: textOrNull(utm.source), medium: textOrNull(utm.medium), campaign: textOrNull(utm.campaign) };
  }
  if ('targeting_type' in settings) {
    const kind = settings.targeting_type;
    out.targeting_type = typeof kind === 'string' && (TARGETING_KINDS as readonly string[]).includes(kind) ? kind : null;
  }
  for (const kind of TARGETING_KINDS) {
    const key = `targeting_${kind}`;
    if (key in settings) out[key] = targetingRules(settings[key]);
  }
  return out;
}

export function normaliseLink(raw: unknown): Link {
  const what = itemLabel(raw, 'link');
  if (!isObj(raw)) fail(`${what} is not an object`);
  const type = typeof raw.type === 'string' && raw.type.trim() !== '' ? raw.type : 'link';
  // Other products' rows (real deployments share the table) lack link fields: lenient defaults,
  // they keep their type so the sync engine can keep them apart.
  const isLink = type === 'link';
  const rawSettings = settingsObject(raw.settings);
  const projectId = raw.project_id === null || raw.project_id === undefined || raw.project_id === '' ? 0 : toInt(raw.project_id);
  if (projectId === undefined || projectId < 0) fail(`${what} has no usable project_id (${describe(raw.project_id)})`);
  // Some releases keep the schedule dates inside settings only.
  const dates = { start_date: raw.start_date ?? rawSettings.start_date, end_date: raw.end_date ?? rawSettings.end_date };
  const link: Obj = {
    ...extraKeys(raw, LINK_KEYS),
    id: requiredInt(raw, 'id', what),
    project_id: projectId === 0 ? null : projectId,
    domain_id: optionalInt(raw, 'domain_id', 0, what),
    type,
    url: str(raw, 'url', what, isLink ? undefined : ''),
    location_url: str(raw, 'location_url', what, isLink ? undefined : ''),
    settings: normaliseLinkSettings(rawSettings),
    // Newer releases count clicks as `pageviews`.
    clicks: raw.clicks === undefined && raw.pageviews !== undefined ? optionalInt(raw, 'pageviews', 0, what) : optionalInt(raw, 'clicks', 0, what),
    order: optionalInt(raw, 'order', 0, what),
    start_date: datetime(dates, 'start_date', what, true),
    end_date: datetime(dates, 'end_date', what, true),
    datetime: datetime(raw, 'datetime', what, false),
  };
  if (raw.user_id !== undefined && raw.user_id !== null) link.user_id = requiredInt(raw, 'user_id', what);
  for (const key of ['pixels_ids', 'email_reports'] as const) {
    if (!(key in raw)) continue;
    const ids = idList(raw[key]);
    if (ids === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
    link[key] = ids;
  }
  for (const key of ['is_enabled', 'is_verified'] as const) {
    if (key in raw && raw[key] !== null) link[key] = requiredBool(raw, key, what);
  }
  if ('last_datetime' in raw) link.last_datetime = datetime(raw, 'last_datetime', what, true);
  return checked(LinkSchema, link, what);
}

/** `GET /api/user`'s `data`, every key kept; a time zone Intl does not know is dropped to null. */
export function normaliseAccount(raw: unknown): Account {
  return guard(() => {
    const data = isObj(raw) && isObj(raw.data) ? raw.data : isObj(raw) ? raw : fail('the account answer is not an object');
    const account: Obj = { ...data };
    const id = toInt(data.id);
    if (id === undefined) delete account.id;
    else account.id = id;
    for (const key of ['name', 'email', 'language'] as const) if (key in data) account[key] = textOrNull(data[key]);
    account.timezone = typeof data.timezone === 'string' && isTimeZone(data.timezone) ? data.timezone : null;
    if ('plan_id' in data && typeof data.plan_id !== 'string' && typeof data.plan_id !== 'number') account.plan_id = null;
    return checked(AccountSchema, account, 'the account');
  });
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `https://` whether the service sends `https`, `https:` or `https://`. */
export { normaliseScheme };

export function normaliseDomain(raw: unknown): Domain {
  const what = itemLabel(raw, 'domain');
  if (!isObj(raw)) fail(`${what} is not an object`);
  const domain = {
    id: requiredInt(raw, 'id', what),
    scheme: normaliseScheme(str(raw, 'scheme', what, 'https://')),
    host: str(raw, 'host', what).trim(),
    custom_index_url: str(raw, 'custom_index_url', what, ''),
    is_enabled: requiredBool(raw, 'is_enabled', what),
    last_datetime: datetime(raw, 'last_datetime', what, true),
    datetime: datetime(raw, 'datetime', what, false),
  };
  return checked(DomainSchema, domain, what);
}

export function normaliseHandler(raw: unknown): Handler {
  const what = itemLabel(raw, 'notification handler');
  if (!isObj(raw)) fail(`${what} is not an object`);
  const handler = {
    id: requiredInt(raw, 'id', what),
    type: str(raw, 'type', what),
    name: str(raw, 'name', what, ''),
    settings: settingsObject(raw.settings),
    is_enabled: requiredBool(raw, 'is_enabled', what),
    last_datetime: datetime(raw, 'last_datetime', what, true),
    datetime: datetime(raw, 'datetime', what, false),
  };
  return checked(HandlerSchema, handler, what);
}

export type ListContext = {
  /** Page and size asked for: used when the service leaves them out. */
  page: number;
  resultsPerPage: number;
  /** URL of the request, used when the service sends no `links`. */
  pageUrl: (page: number) => string;
};

function normaliseMeta(raw: unknown, context: ListContext): ListMeta {
  const meta = isObj(raw) ? raw : {};
  const page = toInt(meta.page) ?? toInt(meta.current_page) ?? context.page;
  const resultsPerPage = toInt(meta.results_per_page) ?? toInt(meta.per_page) ?? context.resultsPerPage;
  const total = toInt(meta.total) ?? toInt(meta.total_results);
  if (total === undefined) fail(`the list has no usable total (${describe(meta.total ?? meta.total_results)})`);
  const totalPages = toInt(meta.total_pages) ?? (resultsPerPage > 0 ? Math.ceil(total / resultsPerPage) : 0);
  return checked(ListMetaSchema, { page: page < 1 ? context.page : page, results_per_page: resultsPerPage, total, total_pages: totalPages }, 'the list meta');
}

function linkValue(links: Obj, key: string, fallback: string | null): string | null {
  const value = links[key];
  if (typeof value === 'string') return value;
  if (value === null) return null;
  return fallback;
}

export function normaliseList<T>(raw: unknown, item: (raw: unknown) => T, context: ListContext): ListEnvelope<T> {
  return guard(() => {
    if (!isObj(raw)) fail('the list answer is not an object');
    if (!Array.isArray(raw.data)) fail(`the list answer has no data array (${describe(raw.data)})`);
    const data = raw.data.map(item);
    const meta = normaliseMeta(raw.meta, context);
    const links = isObj(raw.links) ? raw.links : {};
    const self = context.pageUrl(meta.page);
    return {
      data,
      meta,
      links: {
        first: linkValue(links, 'first', null) ?? context.pageUrl(1),
        last: linkValue(links, 'last', meta.total_pages > 0 ? context.pageUrl(meta.total_pages) : null),
        next: linkValue(links, 'next', meta.page < meta.total_pages ? context.pageUrl(meta.page + 1) : null),
        prev: linkValue(links, 'prev', meta.page > 1 ? context.pageUrl(meta.page - 1) : null),
        self: linkValue(links, 'self', null) ?? self,
      },
    };
  });
}

export function normaliseSingle<T>(raw: unknown, item: (raw: unknown) => T): T {
  return guard(() => {
    if (!isObj(raw) || !('data' in raw)) fail('the answer has no data');
    return item(raw.data);
  });
}

/** `{data:{id}}` or, for a bulk link create, `{data:{ids:[...]}}`. */
export function normaliseCreated(raw: unknown): Created {
  return guard(() => {
    const data = isObj(raw) ? raw.data : undefined;
    if (!isObj(data)) fail('the create answer has no data');
    if (Array.isArray(data.ids)) {
      const ids = data.ids.map((value) => {
        const id = toInt(value);
        if (id === undefined || id < 1) fail(`the create answer holds an unusable id (${describe(value)})`);
        return id;
      });
      return { ids };
    }
    const id = toInt(data.id);
    if (id === undefined || id < 1) fail(`the create answer has no usable id (${describe(data.id)})`);
    return { id };
  });
}

/** Update answers `{data:{id}}`; an empty or other body still means the update went through. */
export function normaliseUpdated(raw: unknown, sentId: number): Updated {
  const data = isObj(raw) ? raw.data : undefined;
  const id = isObj(data) ? toInt(data.id) : undefined;
  return { id: id !== undefined && id > 0 ? id : sentId };
}

function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ShapeError) {
      throw serviceError('bad-response', `The service sent an answer Linkdock cannot read: ${error.message}.`);
    }
    throw error;
  }
}
