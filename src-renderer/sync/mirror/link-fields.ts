// A link's read (the document's minimum or a real deployment's superset) seen through the input's
// field names, and a confirmed write applied back to it. A field is readable — merged three-way,
// refreshed by every pull — exactly when the read carries it; otherwise it stays write-only.
import { TARGETING_KINDS, type Link, type LinkHead, type LinkSettings, type TargetingKind } from '../../../src-preload/contract/index.ts';
import type { Fields } from './rows.ts';

/** Texts compare as null when unset, whether the service said "" or null. */
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const FLAGS = ['schedule', 'cloaking_is_enabled', 'app_linking_is_enabled', 'forward_query_parameters_is_enabled'] as const;
const TEXTS = ['expiration_url', 'cloaking_title', 'cloaking_meta_description', 'cloaking_custom_js'] as const;
/** Uploaded images: the read names the stored file; the input carries a new file or null. */
export const IMAGE_FIELDS = ['cloaking_favicon', 'cloaking_opengraph'] as const;
const UTM = { utm_source: 'source', utm_medium: 'medium', utm_campaign: 'campaign' } as const;
const UTM_ENTRIES = Object.entries(UTM);
const TEXTS_AND_IMAGES = [...TEXTS, ...IMAGE_FIELDS];

const rulesKey = (kind: TargetingKind) => `targeting_${kind}` as const;

function rulesOf(settings: LinkSettings, kind: TargetingKind): { key: string; value: string }[] {
  const rules = settings[rulesKey(kind)];
  return Array.isArray(rules) ? rules.map((rule) => ({ key: rule.key, value: rule.value })) : [];
}

export function linkReadView(link: Link): Fields {
  const settings = link.settings;
  const view: Fields = {
    url: link.url,
    location_url: link.location_url,
    domain_id: link.domain_id,
    // Real deployments say 0 for "no project".
    project_id: link.project_id || null,
    start_date: link.start_date,
    end_date: link.end_date,
    sensitive_content: settings.sensitive_content,
  };
  if (link.is_enabled !== undefined) view.is_enabled = link.is_enabled;
  if (link.email_reports !== undefined) view.email_reports = [...link.email_reports];
  if (link.pixels_ids !== undefined) view.pixels_ids = [...link.pixels_ids];
  for (const flag of FLAGS) if (settings[flag] !== undefined) view[flag] = settings[flag];
  for (const field of TEXTS_AND_IMAGES) if (field in settings) view[field] = text(settings[field]);
  if ('clicks_limit' in settings) view.clicks_limit = settings.clicks_limit || null;
  if ('http_status_code' in settings) view.http_status_code = settings.http_status_code ?? null;
  if (settings.utm) for (const [field, key] of UTM_ENTRIES) view[field] = text(settings.utm[key]);
  if ('targeting_type' in settings) {
    const kind = settings.targeting_type ?? null;
    view.targeting_type = kind;
    view.targeting = kind ? { [kind]: rulesOf(settings, kind) } : {};
  }
  return view;
}

/** The fields of linkReadView the links list reads (the rest of a read is not copied). */
export const LINK_LIST_FIELDS = ['url', 'location_url', 'domain_id', 'start_date', 'end_date', 'is_enabled', 'schedule', 'clicks_limit'] as const;

/**
 * linkReadView's LINK_LIST_FIELDS, taken alone: the list's index views 100,000 reads, and the
 * whole view copies each one's lists and settings.
 */
export function linkListView(link: LinkHead): Fields {
  const settings = link.settings;
  const view: Fields = { url: link.url, location_url: link.location_url, domain_id: link.domain_id, start_date: link.start_date, end_date: link.end_date };
  if (link.is_enabled !== undefined) view.is_enabled = link.is_enabled;
  if (settings.schedule !== undefined) view.schedule = settings.schedule;
  if ('clicks_limit' in settings) view.clicks_limit = settings.clicks_limit || null;
  return view;
}

const isKind = (value: unknown): value is TargetingKind => typeof value === 'string' && (TARGETING_KINDS as readonly string[]).includes(value);

/**
 * The read after the service confirmed `sent` (server-id space). Only keys the read already
 * carries change: a field the service does not show must stay write-only (remembered), not
 * pretend to be readable until the next pull drops it.
 */
export function applyToLinkRead(base: Link, sent: Fields): Link {
  const has = (key: string) => Object.hasOwn(sent, key) && sent[key] !== undefined;
  const link = structuredClone(base);
  const settings = link.settings as Record<string, unknown>;
  // An empty alias on update keeps the alias.
  if (has('url') && sent.url !== '') link.url = sent.url as string;
  if (has('location_url')) link.location_url = sent.location_url as string;
  if (has('domain_id')) link.domain_id = sent.domain_id as number;
  if (has('project_id')) link.project_id = (sent.project_id as number | null) || null;
  if (has('start_date')) link.start_date = sent.start_date as string | null;
  if (has('end_date')) link.end_date = sent.end_date as string | null;
  if (has('sensitive_content')) settings.sensitive_content = sent.sensitive_content;
  if (has('is_enabled') && link.is_enabled !== undefined) link.is_enabled = sent.is_enabled as boolean;
  for (const key of ['email_reports', 'pixels_ids'] as const) {
    if (has(key) && link[key] !== undefined) link[key] = [...(sent[key] as number[])];
  }
  for (const key of [...FLAGS, ...TEXTS, 'clicks_limit', 'http_status_code'] as const) {
    if (has(key) && key in settings) settings[key] = sent[key];
  }
  for (const key of IMAGE_FIELDS) {
    // The service names the stored file itself; the next pull brings its name.
    if (has(key) && key in settings) settings[key] = sent[key] === null ? null : ((sent[key] as { name?: string }).name ?? null);
  }
  if (link.settings.utm) {
    for (const [field, key] of Object.entries(UTM)) if (has(field)) link.settings.utm = { ...link.settings.utm, [key]: sent[field] as string | null };
  }
  if ('targeting_type' in settings) {
    if (has('targeting_type')) settings.targeting_type = isKind(sent.targeting_type) ? sent.targeting_type : null;
    const targeting = has('targeting') ? (sent.targeting as Partial<Record<TargetingKind, { key?: string; value?: string }[]>>) : {};
    for (const [kind, rules] of Object.entries(targeting)) {
      if (isKind(kind) && rules) settings[rulesKey(kind)] = rules.map((rule) => ({ key: rule.key ?? '', value: rule.value ?? '' }));
    }
  }
  return link;
}
