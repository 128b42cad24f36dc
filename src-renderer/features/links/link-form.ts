// The link editor's model: what the form holds (text as typed), how it becomes a create or an
// update for the sync engine, and how the contract's issues map back to the form's fields.
// Validation is the contract's own (LinkCreateSchema / LinkUpdateSchema), not a copy of it.
import { LinkCreateSchema, LinkUpdateSchema, type FileUpload, type HTTP_STATUS_CODES, type TargetingType } from '../../../src-preload/contract/index.ts';
import type { Fields, Ref } from '../../sync/index.ts';
import { isScheduled, MAIN_DOMAIN, serverIdOfKey, serverKey, type DomainKey } from './link-index.ts';

export interface TargetingRow {
  key: string;
  value: string;
}

/**
 * A file picked for upload. A class with its bytes in a private field, not a plain object: the form
 * (react-hook-form) keeps it as it is and never copies or walks its bytes (up to 5 MiB) on a keystroke.
 */
export class PickedFile {
  readonly name: string;
  readonly type: string;
  readonly #data: FileUpload['data'];
  constructor(upload: FileUpload) {
    this.name = upload.name;
    this.type = upload.type;
    this.#data = upload.data;
  }
  get data(): FileUpload['data'] {
    return this.#data;
  }
  /** What the contract carries. */
  toUpload(): FileUpload {
    return { name: this.name, type: this.type, data: this.#data };
  }
}

/** An image setting: a file picked now, the service's current file (by name), or none. */
export type ImageValue = PickedFile | { current: string } | null;

export const isPickedFile = (value: ImageValue): value is PickedFile => value instanceof PickedFile;

export interface LinkForm {
  location_url: string;
  url: string;
  domain: DomainKey;
  project_id: string;
  schedule: boolean;
  start_date: string;
  end_date: string;
  /** A new password; empty keeps the current one. */
  password: string;
  /** Whether the link is password protected (the read shows a hash); turning it off removes it. */
  has_password: boolean;
  sensitive_content: boolean;
  clicks_limit: string;
  expiration_url: string;
  http_status_code: '' | `${(typeof HTTP_STATUS_CODES)[number]}`;
  cloaking_is_enabled: boolean;
  cloaking_title: string;
  cloaking_meta_description: string;
  cloaking_custom_js: string;
  cloaking_favicon: ImageValue;
  cloaking_opengraph: ImageValue;
  targeting_type: '' | TargetingType;
  targeting: TargetingRow[];
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  forward_query_parameters_is_enabled: boolean;
  app_linking_is_enabled: boolean;
  pixels_ids: string;
  /** Handler client ids. */
  email_reports: string[];
  /** Null when the service does not say. */
  is_enabled: boolean | null;
  /** The user confirmed replacing reports the service does not show. */
  reports_confirmed: boolean;
}

export type FormField = keyof LinkForm;

export const EMPTY_FORM: LinkForm = {
  location_url: '',
  url: '',
  domain: MAIN_DOMAIN,
  project_id: '',
  schedule: false,
  start_date: '',
  end_date: '',
  password: '',
  has_password: false,
  sensitive_content: false,
  clicks_limit: '',
  expiration_url: '',
  http_status_code: '',
  cloaking_is_enabled: false,
  cloaking_title: '',
  cloaking_meta_description: '',
  cloaking_custom_js: '',
  cloaking_favicon: null,
  cloaking_opengraph: null,
  targeting_type: '',
  targeting: [],
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  forward_query_parameters_is_enabled: false,
  app_linking_is_enabled: false,
  pixels_ids: '',
  email_reports: [],
  is_enabled: true,
  reports_confirmed: false,
};

const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const bool = (value: unknown) => value === true;

/** A handler reference (client id, or a server id remembered from elsewhere) as a client id. */
export type HandlerRefResolver = (ref: Ref) => string | null;

/**
 * A report handler the link names by server id that the mirror does not hold (its listing has not
 * come, or was refused) is kept in the form under its serverKey, so ticking another handler does
 * not drop it from what the service has; the editor shows it so the user can take it off on purpose.
 */
const reportRef = (key: string): Ref => serverIdOfKey(key) ?? key;

const image = (value: unknown): ImageValue => (typeof value === 'string' && value !== '' ? { current: value } : null);

/**
 * The form for an existing link, from what the mirror shows (rowView). `hasPassword`: the read's
 * password hash is set (the hash itself never reaches the form).
 */
export function formFromView(view: Fields, domainKey: DomainKey, handlerClientId: HandlerRefResolver, hasPassword = false): LinkForm {
  const targetingType = (str(view.targeting_type) || '') as LinkForm['targeting_type'];
  const targeting = view.targeting && typeof view.targeting === 'object' ? (view.targeting as Record<string, TargetingRow[] | undefined>) : {};
  const rows = targetingType ? (targeting[targetingType] ?? []) : [];
  const reports = Array.isArray(view.email_reports) ? (view.email_reports as Ref[]) : [];
  return {
    ...EMPTY_FORM,
    location_url: str(view.location_url),
    url: str(view.url),
    domain: domainKey,
    project_id: str(view.project_id),
    schedule: isScheduled(view.schedule, view.start_date, view.end_date),
    start_date: str(view.start_date),
    end_date: str(view.end_date),
    password: '',
    has_password: hasPassword || (typeof view.password === 'string' && view.password !== ''),
    sensitive_content: bool(view.sensitive_content),
    clicks_limit: str(view.clicks_limit),
    expiration_url: str(view.expiration_url),
    http_status_code: str(view.http_status_code) as LinkForm['http_status_code'],
    cloaking_is_enabled: bool(view.cloaking_is_enabled),
    cloaking_title: str(view.cloaking_title),
    cloaking_meta_description: str(view.cloaking_meta_description),
    cloaking_custom_js: str(view.cloaking_custom_js),
    cloaking_favicon: image(view.cloaking_favicon),
    cloaking_opengraph: image(view.cloaking_opengraph),
    targeting_type: targetingType,
    targeting: rows.map((row) => ({ key: str(row.key), value: str(row.value) })),
    utm_source: str(view.utm_source),
    utm_medium: str(view.utm_medium),
    utm_campaign: str(view.utm_campaign),
    forward_query_parameters_is_enabled: bool(view.forward_query_parameters_is_enabled),
    app_linking_is_enabled: bool(view.app_linking_is_enabled),
    pixels_ids: Array.isArray(view.pixels_ids) ? view.pixels_ids.join(', ') : '',
    email_reports: reports
      .map((ref) => handlerClientId(ref) ?? (typeof ref === 'number' && Number.isInteger(ref) && ref > 0 ? serverKey(ref) : null))
      .filter((id): id is string => id !== null),
    is_enabled: typeof view.is_enabled === 'boolean' ? view.is_enabled : null,
  };
}

/** Numbers as typed: empty is "not set"; anything else goes to the contract as Number(text). */
const num = (text: string) => Number(text.trim());

function domainRef(key: DomainKey): Ref {
  if (key === MAIN_DOMAIN) return 0;
  return serverIdOfKey(key) ?? key;
}

function targetingOf(form: LinkForm): Fields['targeting'] {
  if (!form.targeting_type) return undefined;
  const rows = form.targeting
    .filter((row) => row.key.trim() !== '' || row.value.trim() !== '')
    .map((row) => ({ key: row.key.trim(), value: row.value.trim() }));
  return { [form.targeting_type]: rows };
}

/** Every field of the form in the contract's input naming ('' / false / empty lists left out). */
function allFields(form: LinkForm): Fields {
  const fields: Fields = {};
  const text = (name: keyof LinkForm & string, value: string) => {
    if (value.trim() !== '') fields[name] = value;
  };
  text('location_url', form.location_url);
  text('url', form.url);
  fields.domain_id = domainRef(form.domain);
  if (form.project_id.trim()) fields.project_id = num(form.project_id);
  if (form.schedule) {
    fields.schedule = true;
    text('start_date', form.start_date.trim());
    text('end_date', form.end_date.trim());
  }
  text('password', form.password);
  if (form.sensitive_content) fields.sensitive_content = true;
  if (form.clicks_limit.trim()) fields.clicks_limit = num(form.clicks_limit);
  text('expiration_url', form.expiration_url);
  if (form.http_status_code) fields.http_status_code = Number(form.http_status_code);
  if (form.cloaking_is_enabled) fields.cloaking_is_enabled = true;
  text('cloaking_title', form.cloaking_title);
  text('cloaking_meta_description', form.cloaking_meta_description);
  text('cloaking_custom_js', form.cloaking_custom_js);
  if (form.targeting_type) {
    fields.targeting_type = form.targeting_type;
    const targeting = targetingOf(form) as Record<string, unknown[]>;
    if ((targeting[form.targeting_type] ?? []).length > 0) fields.targeting = targeting;
  }
  text('utm_source', form.utm_source);
  text('utm_medium', form.utm_medium);
  text('utm_campaign', form.utm_campaign);
  if (form.forward_query_parameters_is_enabled) fields.forward_query_parameters_is_enabled = true;
  if (form.app_linking_is_enabled) fields.app_linking_is_enabled = true;
  const pixels = form.pixels_ids.split(/[\s,]+/).filter(Boolean);
  if (pixels.length > 0) fields.pixels_ids = pixels.map(Number);
  if (form.email_reports.length > 0) fields.email_reports = form.email_reports.map(reportRef);
  return fields;
}

/** The create input: every field the user set. */
export function createFields(form: LinkForm): Fields {
  const fields = allFields(form);
  if (fields.domain_id === 0) delete fields.domain_id;
  for (const name of ['cloaking_favicon', 'cloaking_opengraph'] as const) {
    const value = form[name];
    if (isPickedFile(value)) fields[name] = value.toUpload();
  }
  return fields;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The update input: only what the user changed, and nothing else. A setting the user emptied is
 * sent as null (cleared, in the form the service accepts: see main's multipart encoding), a switch
 * turned off as false, an emptied list as [].
 */
export function updateFields(initial: LinkForm, form: LinkForm): Fields {
  const fields: Fields = {};
  const before = allFields(initial);
  const after = allFields(form);
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of names) {
    if (['schedule', 'start_date', 'end_date', 'password', 'targeting_type', 'targeting'].includes(name)) continue;
    if (same(before[name], after[name])) continue;
    if (name in after) fields[name] = after[name];
    else if (typeof before[name] === 'boolean') fields[name] = false;
    else if (Array.isArray(before[name])) fields[name] = [];
    else fields[name] = null;
  }
  // Schedule: dates travel with schedule on; switching it off sends schedule = false alone.
  if (form.schedule) {
    if (!initial.schedule || before.start_date !== after.start_date || before.end_date !== after.end_date) {
      fields.schedule = true;
      fields.start_date = after.start_date ?? null;
      fields.end_date = after.end_date ?? null;
    }
  } else if (initial.schedule) fields.schedule = false;
  // Targeting: the rules go with their type (the service keeps rules only for the type sent).
  if (!same(before.targeting_type, after.targeting_type) || !same(before.targeting, after.targeting)) {
    fields.targeting_type = after.targeting_type ?? null;
    if (after.targeting_type) fields.targeting = after.targeting ?? { [after.targeting_type as string]: [] };
  }
  // Password: turning protection off removes it (a new one typed before that is hidden, not meant);
  // otherwise a new one replaces it, and empty keeps it.
  if (initial.has_password && !form.has_password) fields.password = null;
  else if (form.password.trim() !== '') fields.password = form.password;
  for (const name of ['cloaking_favicon', 'cloaking_opengraph'] as const) {
    const value = form[name];
    if (value === initial[name]) continue;
    if (value === null) fields[name] = null;
    else if (isPickedFile(value)) fields[name] = value.toUpload();
  }
  if (form.is_enabled !== initial.is_enabled && form.is_enabled !== null) fields.is_enabled = form.is_enabled;
  if (form.reports_confirmed && fields.email_reports === undefined) fields.email_reports = form.email_reports.map(reportRef);
  return fields;
}

/** Form fields' messages, keyed by form field ('targeting' for any targeting row). */
export type FieldErrors = Partial<Record<FormField | 'form', string>>;

/** The form field an input path (`targeting.country_code.0.key`, `pixels_ids.1`) belongs to. */
export function fieldOfPath(path: string): FormField | 'form' {
  const head = path.split('.')[0] ?? '';
  if (head === 'domain_id') return 'domain';
  if (head === 'targeting_type') return 'targeting_type';
  if (head in EMPTY_FORM) return head as FormField;
  return 'form';
}

/** The form field an input field's message belongs to; null: the whole form. */
export function formFieldOf(field: string): FormField | null {
  const name = fieldOfPath(field);
  return name === 'form' ? null : name;
}

export function issuesToErrors(issues: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

const PLACEHOLDER_ID = 1;

/** Checks fields with the contract's schema; client-id references stand in as a valid id. */
export function validateFields(kind: 'create' | 'update', fields: Fields): FieldErrors {
  const probe: Fields = { ...fields };
  if (typeof probe.domain_id === 'string') probe.domain_id = PLACEHOLDER_ID;
  if (Array.isArray(probe.email_reports)) probe.email_reports = probe.email_reports.map((r) => (typeof r === 'string' ? PLACEHOLDER_ID : r));
  const result = (kind === 'create' ? LinkCreateSchema : LinkUpdateSchema).safeParse(probe);
  if (result.success) return {};
  return issuesToErrors(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
}

/**
 * The editor's check: a new link's create input, or an existing one's update (only what changed
 * since `initial`), if the contract takes it; else the messages by form field.
 */
export function buildLinkInput(initial: LinkForm, form: LinkForm, isNew: boolean): { input: Fields | null; errors: FieldErrors } {
  const fields = isNew ? createFields(form) : updateFields(initial, form);
  const errors = validateFields(isNew ? 'create' : 'update', fields);
  return Object.keys(errors).length === 0 ? { input: fields, errors: {} } : { input: null, errors };
}
