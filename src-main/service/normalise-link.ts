// A link read, whatever a deployment sends: the document's fields typed, and everything else a
// real read carries kept (settings keys normalised where Linkdock knows them, verbatim otherwise).
// The result is the contract's LinkSchema by construction, not by a zod pass over it: a first pull
// normalises 100,000 links, and that pass took half of normalising's time (#19: "no second
// validation of normalised reads"). normalise-link.test.ts checks, over seeded random reads, that
// every result passes LinkSchema and is exactly what its parse would return.
import { TARGETING_KINDS } from '../../src-preload/contract/api-rules.ts';
import { LinkSchema, LinkSettingsSchema, type Link } from '../../src-preload/contract/resources.ts';
import {
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

/** Names as a prototype-less object: looked up for every key of every read, faster than a Set. */
type Named = Record<string, true | undefined>;
const keySet = (keys: string[]): Named => Object.assign(Object.create(null) as Named, Object.fromEntries(keys.map((key) => [key, true])));
/** The keys the contract's link read and its settings name. */
const LINK_KEYS = keySet(Object.keys(LinkSchema.shape));
const SETTINGS_KEYS = keySet(Object.keys(LinkSettingsSchema.shape));
const UTM_KEYS = keySet(Object.keys(LinkSettingsSchema.shape.utm.unwrap().shape));

/**
 * `out` (the named keys, in the schema's order) followed by every key of `raw` the schema does not
 * name, verbatim and in the order it came (real deployments carry more than Linkdock knows): the
 * object zod's parse returned, key for key, so a page's text and hash are what they were.
 */
function withExtras(out: Obj, raw: Obj, named: Named): Obj {
  let extras: Obj | undefined;
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    // A "__proto__" key of parsed JSON is no deployment's data and would set a prototype (zod's parse dropped it too).
    if (named[key] !== true && value !== undefined && key !== '__proto__') (extras ??= {})[key] = value;
  }
  // Spread, not a store per key: V8 makes an object with more than a dozen properties outside it a
  // slow dictionary when a computed key is added, and every later walk of the row (the redaction,
  // JSON for the window) paid for that (a settings object has ~16 named keys before its extras).
  return extras ? { ...out, ...extras } : out;
}

/** A count or id read as an integer, refused below `min` (the contract's bound). */
function atLeast(value: number, min: number, key: string, what: string): number {
  if (value < min) fail(`${what} has no usable ${key} (${value})`);
  return value;
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

const TARGETING_KEYS = TARGETING_KINDS.map((kind) => `targeting_${kind}`);

/**
 * The whole settings object, every key kept: known keys get their types normalised (0/1, "1",
 * "" for null, the string "false" for no targeting), unknown ones stay exactly as sent. Built in
 * LinkSettingsSchema's key order.
 */
function normaliseLinkSettings(settings: Obj): Obj {
  const password = settings.password;
  const out: Obj = {
    password: typeof password === 'string' && password !== '' ? password : null,
    sensitive_content: toBool(settings.sensitive_content) ?? false,
  };
  if ('schedule' in settings) out.schedule = toBool(settings.schedule) ?? false;
  // Older releases call the clicks limit `pageviews_limit`; 0 means no limit.
  const limitKey = 'clicks_limit' in settings ? 'clicks_limit' : 'pageviews_limit' in settings ? 'pageviews_limit' : null;
  if (limitKey) {
    const limit = toInt(settings[limitKey]);
    out.clicks_limit = limit !== undefined && limit > 0 ? limit : null;
  }
  if ('expiration_url' in settings) out.expiration_url = textOrNull(settings.expiration_url);
  if ('http_status_code' in settings) out.http_status_code = toInt(settings.http_status_code) ?? null;
  if ('utm' in settings) {
    const utm = isObj(settings.utm) ? settings.utm : {};
    out.utm = withExtras({ source: textOrNull(utm.source), medium: textOrNull(utm.medium), campaign: textOrNull(utm.campaign) }, utm, UTM_KEYS);
  }
  if ('targeting_type' in settings) {
    const kind = settings.targeting_type;
    out.targeting_type = typeof kind === 'string' && (TARGETING_KINDS as readonly string[]).includes(kind) ? kind : null;
  }
  for (const key of TARGETING_KEYS) if (key in settings) out[key] = targetingRules(settings[key]);
  if ('cloaking_is_enabled' in settings) out.cloaking_is_enabled = toBool(settings.cloaking_is_enabled) ?? false;
  // Each a store of its own, not a loop over their names: a computed key per store made these
  // lines a fifth of normalising a read (#19).
  if ('cloaking_title' in settings) out.cloaking_title = textOrNull(settings.cloaking_title);
  if ('cloaking_meta_description' in settings) out.cloaking_meta_description = textOrNull(settings.cloaking_meta_description);
  if ('cloaking_custom_js' in settings) out.cloaking_custom_js = textOrNull(settings.cloaking_custom_js);
  if ('cloaking_favicon' in settings) out.cloaking_favicon = textOrNull(settings.cloaking_favicon);
  if ('cloaking_opengraph' in settings) out.cloaking_opengraph = textOrNull(settings.cloaking_opengraph);
  if ('app_linking_is_enabled' in settings) out.app_linking_is_enabled = toBool(settings.app_linking_is_enabled) ?? false;
  if ('forward_query_parameters_is_enabled' in settings) {
    out.forward_query_parameters_is_enabled = toBool(settings.forward_query_parameters_is_enabled) ?? false;
  }
  return withExtras(out, settings, SETTINGS_KEYS);
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
  // Read in this order (the first unusable field names the refusal), put in LinkSchema's.
  const id = atLeast(requiredInt(raw, 'id', what), 1, 'id', what);
  const domainId = atLeast(optionalInt(raw, 'domain_id', 0, what), 0, 'domain_id', what);
  const url = str(raw, 'url', what, isLink ? undefined : '');
  const locationUrl = str(raw, 'location_url', what, isLink ? undefined : '');
  const settings = normaliseLinkSettings(rawSettings);
  // Newer releases count clicks as `pageviews`.
  const clicksKey = raw.clicks === undefined && raw.pageviews !== undefined ? 'pageviews' : 'clicks';
  const clicks = atLeast(optionalInt(raw, clicksKey, 0, what), 0, 'clicks', what);
  const order = optionalInt(raw, 'order', 0, what);
  const startDate = datetime(dates, 'start_date', what, true);
  const endDate = datetime(dates, 'end_date', what, true);
  const created = datetime(raw, 'datetime', what, false);
  const userId = raw.user_id !== undefined && raw.user_id !== null ? requiredInt(raw, 'user_id', what) : undefined;
  const ids = (key: 'pixels_ids' | 'email_reports'): number[] | undefined => {
    if (!(key in raw)) return undefined;
    const list = idList(raw[key]);
    if (list === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
    return list;
  };
  const pixels = ids('pixels_ids');
  const reports = ids('email_reports');
  const flag = (key: 'is_enabled' | 'is_verified') => (key in raw && raw[key] !== null ? requiredBool(raw, key, what) : undefined);
  const enabled = flag('is_enabled');
  const verified = flag('is_verified');
  const lastDatetime = 'last_datetime' in raw ? datetime(raw, 'last_datetime', what, true) : undefined;

  const link: Obj = { id };
  if (userId !== undefined) link.user_id = userId;
  link.project_id = projectId === 0 ? null : projectId;
  link.domain_id = domainId;
  link.type = type;
  link.url = url;
  link.location_url = locationUrl;
  if (pixels !== undefined) link.pixels_ids = pixels;
  if (reports !== undefined) link.email_reports = reports;
  link.settings = settings;
  link.clicks = clicks;
  link.order = order;
  link.start_date = startDate;
  link.end_date = endDate;
  if (enabled !== undefined) link.is_enabled = enabled;
  if (verified !== undefined) link.is_verified = verified;
  if ('last_datetime' in raw) link.last_datetime = lastDatetime;
  link.datetime = created;
  return withExtras(link, raw, LINK_KEYS) as Link;
}

/** `GET /api/user`'s `data`, every key kept; a time zone Intl does not know is dropped to null. */
