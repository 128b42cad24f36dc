// How each resource's input fields relate to its read shape: which fields the service shows
// (readable: merged three-way) and which it hides (write-only: remembered and sent as set), which
// fields reference other rows, and how a confirmed write changes the last-seen copy. A field is
// readable exactly when the row's read carries it (links: see link-fields.ts).
import { HANDLER_FIELD_NAMES, type Domain, type Handler, type Link } from '../../../src-preload/contract/index.ts';
import type { ResourceName } from '../types.ts';
import { applyToLinkRead, linkListView, linkReadView } from './link-fields.ts';
import { wallClockText } from '../../../src-preload/contract/wall-clock.ts';
import type { Fields, MirrorRow, ServerRow } from './rows.ts';

/** Fields holding references to other rows, and the table each points into. */
export const REF_FIELDS: Record<ResourceName, Record<string, ResourceName>> = {
  links: { domain_id: 'domains', email_reports: 'handlers' },
  domains: {},
  handlers: {},
};

/** Input-named view of the fields a server row shows. */
export function readView(resource: ResourceName, row: ServerRow): Fields {
  switch (resource) {
    case 'links':
      return linkReadView(row as Link);
    case 'domains': {
      const domain = row as Domain;
      return { host: domain.host, custom_index_url: domain.custom_index_url, is_enabled: domain.is_enabled };
    }
    case 'handlers': {
      const handler = row as Handler;
      const view: Fields = { name: handler.name, type: handler.type, is_enabled: handler.is_enabled };
      // Only the e-mail key is documented; other type fields are readable when the service shows them.
      for (const field of HANDLER_FIELD_NAMES) {
        const value = handler.settings[field];
        if (typeof value === 'string') view[field] = value;
      }
      return view;
    }
  }
}

/** True when the service does not show `field` for this row, so the client must remember it. */
export function isWriteOnly(resource: ResourceName, field: string, base: ServerRow | null): boolean {
  if (resource === 'handlers' && base === null) return !['name', 'type', 'is_enabled', 'email'].includes(field);
  if (base === null) return !(field in readView(resource, placeholder(resource)));
  return !(field in readView(resource, base));
}

/**
 * Files are sent once and not remembered: their bytes do not belong in the mirror forever. Nor
 * does a link password once the service has it: the mirror never keeps a secret longer than the
 * outbox needs it.
 */
export function isRememberable(field: string, value: unknown): boolean {
  if (field === 'password') return false;
  return !(typeof value === 'object' && value !== null && 'data' in value && (value as { data: unknown }).data instanceof Uint8Array);
}

/**
 * What screens show: remembered write-only values, the last-seen copy (a field the read carries is
 * the truth, however old the remembered value), then pending changes.
 */
export function rowView(resource: ResourceName, row: MirrorRow): Fields {
  // Most rows are only their read (the list's index takes 100,000 views): no second copy of it.
  if (row.base && isEmpty(row.writeOnly) && isEmpty(row.local)) return readView(resource, row.base);
  return { ...row.writeOnly, ...(row.base ? readView(resource, row.base) : {}), ...row.local };
}

/** rowView's LINK_LIST_FIELDS (and any local or write-only field) of a link row: what the links list shows. */
export function linkRowListView(row: MirrorRow<Link>): Fields {
  if (row.base && isEmpty(row.writeOnly) && isEmpty(row.local)) return linkListView(row.base);
  return rowView('links', row);
}

function isEmpty(fields: Fields): boolean {
  for (const key in fields) if (Object.hasOwn(fields, key)) return false;
  return true;
}

/** The last-seen copy after the service confirmed `sent` (server-id space) on top of `base`. */
export function applyToRead<S extends ServerRow>(resource: ResourceName, base: S, sent: Fields): S {
  const has = (key: string) => Object.hasOwn(sent, key) && sent[key] !== undefined;
  switch (resource) {
    case 'links':
      return applyToLinkRead(base as Link, sent) as S;
    case 'domains': {
      const domain = structuredClone(base) as Domain;
      if (has('host')) domain.host = sent.host as string;
      if (has('custom_index_url')) domain.custom_index_url = sent.custom_index_url as string;
      if (has('is_enabled')) domain.is_enabled = sent.is_enabled as boolean;
      return domain as S;
    }
    case 'handlers': {
      const handler = structuredClone(base) as Handler;
      if (has('name')) handler.name = sent.name as string;
      if (has('type')) handler.type = sent.type as Handler['type'];
      if (has('is_enabled')) handler.is_enabled = sent.is_enabled as boolean;
      for (const field of HANDLER_FIELD_NAMES) {
        if (has(field) && (field === 'email' || field in handler.settings)) handler.settings = { ...handler.settings, [field]: sent[field] };
      }
      return handler as S;
    }
  }
}

/** `YYYY-MM-DD HH:MM:SS` as a wall clock in `timeZone` shows it (the service writes the account's). */
export function serviceDatetime(epochMs: number, timeZone = 'UTC'): string {
  return wallClockText(epochMs, timeZone);
}

/** A stand-in for the read copy of a row the service just created, until a pull brings the real one. */
export function provisionalRead(resource: ResourceName, id: number, created: Fields, now: number): ServerRow {
  return applyToRead(resource, { ...placeholder(resource), id, datetime: serviceDatetime(now) } as ServerRow, created);
}

function placeholder(resource: ResourceName): ServerRow {
  const datetime = '1970-01-01 00:00:00';
  switch (resource) {
    case 'links':
      return {
        id: 1,
        project_id: null,
        domain_id: 0,
        type: 'link',
        url: '',
        location_url: '',
        settings: { password: null, sensitive_content: false },
        clicks: 0,
        order: 0,
        start_date: null,
        end_date: null,
        datetime,
      } satisfies Link;
    case 'domains':
      return { id: 1, scheme: 'https://', host: 'pending.invalid', custom_index_url: '', is_enabled: true, last_datetime: null, datetime } satisfies Domain;
    case 'handlers':
      return { id: 1, type: 'email', name: '', settings: {}, is_enabled: true, last_datetime: null, datetime } satisfies Handler;
  }
}

/** Client ids a row's fields reference, with the table each lives in. */
export function clientRefs(resource: ResourceName, fields: Fields): { resource: ResourceName; clientId: string }[] {
  const refs: { resource: ResourceName; clientId: string }[] = [];
  for (const [field, target] of Object.entries(REF_FIELDS[resource])) {
    const value = fields[field];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (typeof item === 'string') refs.push({ resource: target, clientId: item });
  }
  return refs;
}

/**
 * Replaces client-id refs by server ids. `lookup` answers null when the target has no server id
 * yet; the caller only translates ops whose dependencies are all mapped.
 */
export function toServerFields(
  resource: ResourceName,
  fields: Fields,
  lookup: (resource: ResourceName, clientId: string) => number | null | undefined,
): Fields {
  const out: Fields = { ...fields };
  for (const [field, target] of Object.entries(REF_FIELDS[resource])) {
    const value = fields[field];
    const translate = (item: unknown) => {
      if (typeof item !== 'string') return item;
      const id = lookup(target, item);
      if (id === null || id === undefined) throw new Error(`${field} refers to a ${target} row that has no server id`);
      return id;
    };
    if (Array.isArray(value)) out[field] = value.map(translate);
    else if (value !== undefined) out[field] = translate(value);
  }
  return out;
}

/** Stable structural equality for field values (arrays, targeting objects, primitives). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return 'u';
  if (value instanceof Uint8Array) return `b${Array.from(value).join(',')}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The write-only fields of confirmed input, remembered on the row (files and passwords are not
 * kept). A field the read now carries is forgotten: from then on the read is its truth.
 */
export function rememberWriteOnly(resource: ResourceName, previous: Fields, sent: Fields, base: ServerRow | null): Fields {
  const out = forgetReadable(resource, previous, base);
  for (const [field, value] of Object.entries(sent)) {
    if (value !== undefined && isWriteOnly(resource, field, base) && isRememberable(field, value)) out[field] = value;
  }
  return out;
}

/** Remembered values of fields the read carries now: they are stale copies, and are dropped. */
export function forgetReadable(resource: ResourceName, writeOnly: Fields, base: ServerRow | null): Fields {
  const out: Fields = {};
  for (const [field, value] of Object.entries(writeOnly)) if (isWriteOnly(resource, field, base)) out[field] = value;
  return out;
}
