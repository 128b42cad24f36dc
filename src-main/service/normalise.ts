// Pure parsing of the service's answers into the contract's read shapes. Real deployments differ
// from the document (real-service-notes.md): strings for numbers, 0/1 for booleans, project_id 0,
// missing `order`, extra settings keys, `total_results`, string `meta.page`, null `links.last`,
// items of other types. Everything is normalised here and then checked against the contract's zod
// schema (links are built to it instead, normalise-link.ts: a pull normalises 100,000 of them);
// what still does not fit is refused as `bad-response` naming the item, never dropped.
import {
  AccountSchema,
  DomainSchema,
  HandlerSchema,
  ListMetaSchema,
  type Account,
  type Created,
  type Domain,
  type Handler,
  type ListEnvelope,
  type ListMeta,
  type Updated,
} from '../../src-preload/contract/resources.ts';
import { normaliseScheme } from '../../src-preload/contract/short-url.ts';
import {
  checked,
  datetime,
  describe,
  fail,
  guard,
  isObj,
  itemLabel,
  requiredBool,
  requiredInt,
  settingsObject,
  str,
  textOrNull,
  toInt,
  type Obj,
} from './normalise-values.ts';

export { normaliseLink } from './normalise-link.ts';
export { toBool, toInt, toServiceDatetime } from './normalise-values.ts';

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'html' } | { kind: 'text' };

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
