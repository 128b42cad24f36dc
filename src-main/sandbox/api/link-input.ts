// Link create/update form → a validated draft. Typed values are built from the form and checked
// with the contract's own schemas (so the sandbox and the client agree on every rule), then
// with the rules only the service can know (alias as a path, dates on the calendar, targeting keys).
import { LINK_PRESENCE_FLAGS, TARGETING_KINDS, type TargetingKind } from '../../../src-preload/contract/api-rules.ts';
import { LinkCreateSchema, LinkUpdateSchema, type LinkCreateInput, type LinkUpdateInput } from '../../../src-preload/contract/inputs.ts';
import { aliasProblem } from '../aliases.ts';
import { FAVICON_EXTS, OPENGRAPH_EXTS, detectImage, type ImageType } from '../../../src-preload/contract/image-formats.ts';
import { parseServiceDatetime } from '../time.ts';
import { unsafeUrlProblem } from '../urls.ts';
import { validationError } from './errors.ts';
import type { FormInput } from './form.ts';
import { splitForm, toFlag, toInteger, toIntegerArray, type Issue } from './form-values.ts';
import { LIMITS } from './limits.ts';

const COMMON_SCALARS = [
  'location_url',
  'url',
  'domain_id',
  'project_id',
  'schedule',
  'start_date',
  'end_date',
  'clicks_limit',
  'expiration_url',
  'sensitive_content',
  'http_status_code',
  'app_linking_is_enabled',
  'cloaking_is_enabled',
  'cloaking_title',
  'cloaking_meta_description',
  'cloaking_custom_js',
  'password',
  'forward_query_parameters_is_enabled',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'targeting_type',
] as const;
const CREATE_SCALARS = ['type', 'is_bulk', 'location_urls', ...COMMON_SCALARS];
// Real deployments remove an image with `<field>_remove` (the file field itself cannot say "none").
const FILE_REMOVALS = ['cloaking_favicon_remove', 'cloaking_opengraph_remove'] as const;
const UPDATE_SCALARS = [...COMMON_SCALARS, 'is_enabled', ...FILE_REMOVALS];
const FLAGS: readonly string[] = [...LINK_PRESENCE_FLAGS, 'is_enabled'];
const INTEGERS: readonly string[] = ['domain_id', 'project_id', 'clicks_limit', 'http_status_code'];
/** Settings kept in the link's options just as they were sent (null when cleared). */
export const PLAIN_OPTIONS = [
  'clicks_limit',
  'expiration_url',
  'http_status_code',
  'cloaking_title',
  'cloaking_meta_description',
  'cloaking_custom_js',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;

/** On update an empty value clears these (back to null / default). */
export const CLEARABLE = ['project_id', 'start_date', 'end_date', 'password', 'targeting_type', ...PLAIN_OPTIONS] as const;
export type ClearableField = (typeof CLEARABLE)[number];

export interface ImageUpload extends ImageType {
  bytes: Uint8Array;
}

export type FileChange = ImageUpload | 'clear';

export interface LinkDraft<I> {
  input: I;
  clears: Set<ClearableField>;
  favicon?: FileChange;
  opengraph?: FileChange;
  /** Bulk create: the destination of each link. */
  bulkUrls?: string[];
}

export function parseLinkCreate(form: FormInput): LinkDraft<LinkCreateInput> {
  return parseLinkForm(form, 'create') as LinkDraft<LinkCreateInput>;
}

export function parseLinkUpdate(form: FormInput): LinkDraft<LinkUpdateInput> {
  return parseLinkForm(form, 'update') as LinkDraft<LinkUpdateInput>;
}

function parseLinkForm(form: FormInput, mode: 'create' | 'update'): LinkDraft<LinkCreateInput | LinkUpdateInput> {
  const raw = splitForm(form, {
    scalars: mode === 'create' ? CREATE_SCALARS : UPDATE_SCALARS,
    arrays: ['email_reports', 'pixels_ids'],
    files: ['cloaking_favicon', 'cloaking_opengraph'],
    targeting: true,
  });
  const issues: Issue[] = [];
  const candidate: Record<string, unknown> = {};
  const clears = new Set<ClearableField>();

  const removals = new Set<string>();
  for (const [name, value] of raw.scalars) {
    if ((FILE_REMOVALS as readonly string[]).includes(name)) {
      if (toFlag(name, value, 'update', issues)) removals.add(name.replace(/_remove$/, ''));
      continue;
    }
    // Real deployments say "no targeting" with the string "false".
    if (name === 'targeting_type' && mode === 'update' && value.trim() === 'false') {
      clears.add('targeting_type');
      continue;
    }
    if (FLAGS.includes(name)) {
      const flag = toFlag(name, value, mode, issues);
      if (flag !== null) candidate[name] = flag;
      continue;
    }
    if (value.trim() === '') {
      // Create: an empty field is an absent one (an empty url asks for a random alias).
      // Update: an empty url keeps the alias, an empty domain_id means the main domain,
      // clearable fields go back to unset; the rest are checked as given.
      if (mode === 'create' || name === 'url') continue;
      if (name === 'domain_id') {
        candidate.domain_id = 0;
        continue;
      }
      if ((CLEARABLE as readonly string[]).includes(name)) {
        clears.add(name as ClearableField);
        continue;
      }
    }
    if (INTEGERS.includes(name)) {
      const number = toInteger(name, value, issues);
      if (number !== null) candidate[name] = number;
      continue;
    }
    candidate[name] = value;
  }
  for (const [name, values] of raw.arrays) candidate[name] = toIntegerArray(name, values, issues);

  if (raw.targeting.size > 0) {
    const targeting: Partial<Record<TargetingKind, { key?: string; value?: string }[]>> = {};
    for (const [kind, entries] of raw.targeting) targeting[kind] = entries;
    candidate.targeting = targeting;
  }

  const files: Pick<LinkDraft<unknown>, 'favicon' | 'opengraph'> = {};
  for (const [field, key, allowed] of [
    ['cloaking_favicon', 'favicon', FAVICON_EXTS],
    ['cloaking_opengraph', 'opengraph', OPENGRAPH_EXTS],
  ] as const) {
    const file = raw.files.get(field);
    if (removals.has(field) && !file) {
      files[key] = 'clear';
    } else if (file) {
      const type = detectImage(file.data, allowed);
      if (!type) issues.push({ path: [field], message: `must be an image (${allowed.join(', ')}), recognised by its content` });
      else files[key] = { ...type, bytes: new Uint8Array(file.data) };
      // The contract's file rules (name, size) are checked with the rest.
      candidate[field] = { name: file.filename || field, type: file.mimetype, data: new Uint8Array(file.data) };
    } else if (raw.fileTexts.has(field)) {
      if (mode === 'update' && raw.fileTexts.get(field)?.trim() === '') files[key] = 'clear';
      else if (raw.fileTexts.get(field)?.trim() !== '') issues.push({ path: [field], message: 'must be sent as a file' });
    }
  }

  if (issues.length > 0) throw validationError(issues);
  const parsed = (mode === 'create' ? LinkCreateSchema : LinkUpdateSchema).safeParse(candidate);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const input = parsed.data;

  checkServiceRules(input, issues);
  let bulkUrls: string[] | undefined;
  if ('is_bulk' in input && input.is_bulk) {
    bulkUrls = (input.location_urls ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (bulkUrls.length > LIMITS.bulkLinks) {
      issues.push({ path: ['location_urls'], message: `at most ${LIMITS.bulkLinks} URLs in one bulk create` });
    }
  }
  if (issues.length > 0) throw validationError(issues);
  return { input, clears, ...files, ...(bulkUrls ? { bulkUrls } : {}) };
}

function checkServiceRules(input: LinkCreateInput | LinkUpdateInput, issues: Issue[]): void {
  for (const field of ['location_url', 'expiration_url'] as const) {
    const value = input[field];
    const problem = value === undefined || value === null ? null : unsafeUrlProblem(value);
    if (problem) issues.push({ path: [field], message: problem });
  }
  if ('location_urls' in input && input.location_urls !== undefined) {
    input.location_urls.split(/\r?\n/).forEach((line, index) => {
      const problem = line.trim() === '' ? null : unsafeUrlProblem(line);
      if (problem) issues.push({ path: ['location_urls'], message: `line ${index + 1} ${problem}` });
    });
  }
  if (input.url !== undefined && input.url !== '') {
    const problem = aliasProblem(input.url);
    if (problem) issues.push({ path: ['url'], message: problem });
  }
  for (const field of ['start_date', 'end_date'] as const) {
    const value = input[field];
    if (value !== undefined && value !== null && parseServiceDatetime(value) === null) {
      issues.push({ path: [field], message: 'is not a date on the calendar' });
    }
  }
  // Keys and URLs of targeting rules are the contract's rules (checked above); a destination a
  // service would not redirect to is the service's own.
  for (const kind of TARGETING_KINDS) {
    (input.targeting?.[kind] ?? []).forEach((entry, index) => {
      const problem = entry.value ? unsafeUrlProblem(entry.value) : null;
      if (problem) issues.push({ path: ['targeting', kind, index, 'value'], message: problem });
    });
  }
}
