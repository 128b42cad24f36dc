// Applies a validated link draft to a record: the record as it was (update) or a fresh one
// (create). Pure: the password is hashed beforehand (draftPasswordHash), as hashing is slow and async.
import type { LinkCreateInput, LinkUpdateInput } from '../../../src-preload/contract/inputs.ts';
import { hashPassword } from '../passwords.ts';
import { DEFAULT_LINK_OPTIONS, type LinkRecord, type TargetingRule } from '../storage/links.ts';
import { PLAIN_OPTIONS, type LinkDraft } from './link-input.ts';

export function blankLink(accountId: number, datetime: string): Omit<LinkRecord, 'id'> {
  return {
    account_id: accountId,
    project_id: null,
    domain_id: 0,
    type: 'link',
    url: '',
    location_url: '',
    password_hash: null,
    sensitive_content: false,
    clicks: 0,
    order: 0,
    start_date: null,
    end_date: null,
    is_enabled: true,
    options: structuredClone(DEFAULT_LINK_OPTIONS),
    email_reports: [],
    last_datetime: null,
    datetime,
  };
}

/** The hash of the password the draft sets, if it sets one. */
export async function draftPasswordHash(draft: LinkDraft<LinkCreateInput | LinkUpdateInput>, cost: number): Promise<string | undefined> {
  const password = draft.input.password;
  return typeof password === 'string' && password !== '' ? hashPassword(password, cost) : undefined;
}

export function applyLinkDraft<R extends Omit<LinkRecord, 'id'>>(base: R, draft: LinkDraft<LinkCreateInput | LinkUpdateInput>, passwordHash?: string): R {
  const input = draft.input as LinkUpdateInput & Partial<LinkCreateInput>;
  const clears = draft.clears;
  const link: R = { ...base, options: structuredClone(base.options), email_reports: [...base.email_reports] };
  const options = link.options;

  if (input.location_url !== undefined) link.location_url = input.location_url;
  if (input.url !== undefined && input.url !== '') link.url = input.url;
  if (input.domain_id !== undefined) link.domain_id = input.domain_id;
  if (input.project_id !== undefined) link.project_id = input.project_id;
  if (clears.has('project_id')) link.project_id = null;
  if (input.pixels_ids !== undefined) options.pixels_ids = input.pixels_ids;
  if (input.email_reports !== undefined) link.email_reports = [...new Set(input.email_reports)];
  if (input.is_enabled !== undefined) link.is_enabled = input.is_enabled;

  // Schedule: the dates apply only while schedule is on; switching it off forgets them.
  if (input.schedule !== undefined) options.schedule = input.schedule;
  if (input.start_date !== undefined) link.start_date = input.start_date;
  if (input.end_date !== undefined) link.end_date = input.end_date;
  if (clears.has('start_date')) link.start_date = null;
  if (clears.has('end_date')) link.end_date = null;
  if (!options.schedule) {
    link.start_date = null;
    link.end_date = null;
  }

  if (input.sensitive_content !== undefined) link.sensitive_content = input.sensitive_content;
  if (passwordHash !== undefined) link.password_hash = passwordHash;
  if (clears.has('password')) link.password_hash = null;

  const writable = options as unknown as Record<string, unknown>;
  for (const field of PLAIN_OPTIONS) {
    const value = input[field];
    if (value !== undefined) writable[field] = value;
    if (clears.has(field)) writable[field] = null;
  }
  for (const flag of ['app_linking_is_enabled', 'cloaking_is_enabled', 'forward_query_parameters_is_enabled'] as const) {
    if (input[flag] !== undefined) options[flag] = input[flag];
  }

  // Targeting is replaced as a whole whenever targeting_type is sent (or cleared).
  if (input.targeting_type !== undefined && input.targeting_type !== null) {
    const kind = input.targeting_type;
    options.targeting_type = kind;
    const rules: TargetingRule[] = (input.targeting?.[kind] ?? []).map((entry) => ({
      key: (entry.key ?? '').trim(),
      value: (entry.value ?? '').trim(),
    }));
    options.targeting = { [kind]: rules };
  }
  if (clears.has('targeting_type')) {
    options.targeting_type = null;
    options.targeting = {};
  }
  return link;
}

/** The merged record must still have its schedule in order (an update may send one date only). */
export function scheduleProblem(link: Pick<LinkRecord, 'start_date' | 'end_date'>): string | null {
  if (link.start_date && link.end_date && link.start_date >= link.end_date) return 'end_date must be after start_date';
  return null;
}
