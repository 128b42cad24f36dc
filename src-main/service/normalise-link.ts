// A link read, whatever a deployment sends: the document's fields typed, and everything else a
// real read carries kept (settings keys normalised where Linkdock knows them, verbatim otherwise).
import { TARGETING_KINDS } from '../../src-preload/contract/api-rules.ts';
import { LinkSchema, type Link } from '../../src-preload/contract/resources.ts';
import {
  checked,
  datetime,
  describe,
  fail,
  isObj,
  itemLabel,
  optionalInt,
  requiredBool,
  requiredInt,
  settingsObject,
  str,
  textOrNull,
  toBool,
  toInt,
  type Obj,
} from './normalise-values.ts';

/** The keys the contract's link read names; every other key is kept as it came. */
const LINK_KEYS: ReadonlySet<string> = new Set(Object.keys(LinkSchema.shape));

/** Unknown keys of an object, verbatim (real deployments carry more than Linkdock knows). */
function extraKeys(raw: Obj, known: ReadonlySet<string>): Obj {
  const extra: Obj = {};
  for (const key in raw) {
    const value = raw[key];
    if (Object.hasOwn(raw, key) && !known.has(key) && value !== undefined) extra[key] = value;
  }
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

/** `{key, value}` rules from an array (or an object of them, as PHP may encode a list). */
function targetingRules(value: unknown): { key: string; value: string }[] {
  const list = Array.isArray(value) ? value : isObj(value) ? Object.values(value) : [];
  return list.filter(isObj).map((rule) => ({ key: textOrNull(rule.key) ?? '', value: textOrNull(rule.value) ?? '' }));
}

const FLAG_KEYS = ['schedule', 'cloaking_is_enabled', 'app_linking_is_enabled', 'forward_query_parameters_is_enabled'];
const TEXT_KEYS = ['expiration_url', 'cloaking_title', 'cloaking_meta_description', 'cloaking_custom_js', 'cloaking_favicon', 'cloaking_opengraph'];
const TARGETING_KEYS = TARGETING_KINDS.map((kind) => `targeting_${kind}`);

/**
 * The whole settings object, every key kept: known keys get their types normalised (0/1, "1",
 * "" for null, the string "false" for no targeting), unknown ones stay exactly as sent.
 */
function normaliseLinkSettings(settings: Obj): Obj {
  const out: Obj = { ...settings };
  const password = settings.password;
  out.password = typeof password === 'string' && password !== '' ? password : null;
  out.sensitive_content = toBool(settings.sensitive_content) ?? false;
  for (const key of FLAG_KEYS) {
    if (key in settings) out[key] = toBool(settings[key]) ?? false;
  }
  for (const key of TEXT_KEYS) {
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
  for (const key of TARGETING_KEYS) if (key in settings) out[key] = targetingRules(settings[key]);
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
