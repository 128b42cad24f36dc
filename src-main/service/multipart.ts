// Pure encoding of create/update inputs into the multipart bodies real deployments read
// (real-service-notes.md "Requests"): PHP-style arrays (`email_reports[]`), indexed targeting
// fields, files, presence flags on create and 0/1 flags on update.
import { FormData } from 'undici';
import { invalid } from './errors.ts';
import { LINK_PRESENCE_FLAGS, TARGETING_KINDS } from '../../src-preload/contract/api-rules.ts';
import type {
  DomainCreateInput,
  DomainUpdateInput,
  FileUpload,
  HandlerCreateInput,
  HandlerUpdateInput,
  LinkCreateInput,
  LinkUpdateRequest,
  TargetingEntries,
} from '../../src-preload/contract/inputs.ts';

export type { LinkUpdateRequest };

const PRESENCE_FLAGS: ReadonlySet<string> = new Set(LINK_PRESENCE_FLAGS);
const FILE_FIELDS: ReadonlySet<string> = new Set(['cloaking_favicon', 'cloaking_opengraph']);
const ARRAY_FIELDS: ReadonlySet<string> = new Set(['pixels_ids', 'email_reports']);

type Mode = 'create' | 'update';

function appendFile(form: FormData, field: string, file: FileUpload): void {
  // Copy into a plain ArrayBuffer-backed view: Blob wants one, and the caller's buffer stays untouched.
  const bytes = new Uint8Array(file.data.byteLength);
  bytes.set(file.data);
  form.append(field, new Blob([bytes], { type: file.type || 'application/octet-stream' }), file.name);
}

function appendArray(form: FormData, field: string, values: readonly unknown[], mode: Mode): void {
  if (values.length === 0) {
    // On update an empty part says "none" (clears the list); on create leaving it out means the same.
    if (mode === 'update') form.append(`${field}[]`, '');
    return;
  }
  for (const value of values) form.append(`${field}[]`, String(value));
}

function appendTargeting(form: FormData, targeting: TargetingEntries): void {
  for (const kind of TARGETING_KINDS) {
    const entries = targeting[kind];
    if (!entries) continue;
    entries.forEach((entry, index) => {
      form.append(`targeting_${kind}_key[${index}]`, entry.key ?? '');
      form.append(`targeting_${kind}_value[${index}]`, entry.value ?? '');
    });
  }
}

function appendScalar(form: FormData, field: string, value: unknown, mode: Mode): void {
  if (typeof value === 'boolean') {
    if (mode === 'create' && PRESENCE_FLAGS.has(field)) {
      // Real deployments switch these on by presence: sending 0 would turn them on.
      if (value) form.append(field, '1');
      return;
    }
    form.append(field, value ? '1' : '0');
    return;
  }
  if (typeof value === 'number') {
    if (Number.isFinite(value)) form.append(field, String(value));
    return;
  }
  if (typeof value === 'string') form.append(field, value);
}

function isFileUpload(value: unknown): value is FileUpload {
  return typeof value === 'object' && value !== null && (value as FileUpload).data instanceof Uint8Array && typeof (value as FileUpload).name === 'string';
}

/**
 * An update's null clears a setting, in the form real deployments accept (read from their source):
 * an empty value for texts, numbers and the project (0 / empty mean none, back to the default),
 * the string "false" for targeting, and `<field>_remove` for an uploaded image.
 */
function appendClear(form: FormData, field: string): void {
  if (field === 'targeting_type') form.append(field, 'false');
  else if (FILE_FIELDS.has(field)) form.append(`${field}_remove`, '1');
  else if (!ARRAY_FIELDS.has(field) && field !== 'targeting') form.append(field, '');
}

/** Appends every defined field of `input` by its kind; unknown shapes are skipped, never thrown on. */
function encode(input: Record<string, unknown>, mode: Mode): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === null) {
      if (mode === 'update') appendClear(form, field);
      continue;
    }
    if (field === 'targeting') {
      if (typeof value === 'object') appendTargeting(form, value as TargetingEntries);
    } else if (ARRAY_FIELDS.has(field)) {
      if (Array.isArray(value)) appendArray(form, field, value, mode);
    } else if (FILE_FIELDS.has(field)) {
      if (isFileUpload(value)) appendFile(form, field, value);
    } else {
      appendScalar(form, field, value, mode);
    }
  }
  return form;
}

export function encodeLinkCreate(input: LinkCreateInput): FormData {
  // `type` is optional in the document; it is always `link` for what Linkdock creates.
  return encode({ type: 'link', ...input }, 'create');
}

export function encodeLinkUpdate(input: LinkUpdateRequest): FormData {
  // (The flag that targeting is as read is for main's check only: no field of the service's.)
  const { email_reports: reports, targeting_as_read: _asRead, ...rest } = input;
  // Releases clear a link's reports when an update leaves them out, so "none" is never assumed here;
  // the type says so, but a caller outside TypeScript could still leave them out.
  if (!Array.isArray(reports)) {
    throw invalid('A link update must say its report handlers (email_reports, [] for none): leaving them out would clear them.');
  }
  const form = encode(rest, 'update');
  appendArray(form, 'email_reports', reports, 'update');
  return form;
}

export function encodeDomainCreate(input: DomainCreateInput): FormData {
  return encode(input, 'create');
}

export function encodeDomainUpdate(input: DomainUpdateInput): FormData {
  return encode(input, 'update');
}

export function encodeHandlerCreate(input: HandlerCreateInput): FormData {
  return encode(input, 'create');
}

export function encodeHandlerUpdate(input: HandlerUpdateInput): FormData {
  return encode(input, 'update');
}
