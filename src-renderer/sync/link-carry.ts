// What a link update must carry besides the user's changes. Real releases rebuild a link from the
// request: some fail without `email_reports[]`, and the release read in real-service-notes' source
// resets pixels and project when they are left out, and drops every targeting rule not sent with
// its type. So an update carries their current values — from the read made for this push (never
// an older copy: that would undo someone else's change), else from what this client last sent.
// When neither knows a link's reports, nothing is guessed: the user has to say them.
import type { ServerIdLookup } from './context.ts';
import { toServerFields } from './mirror/fields.ts';
import type { Fields, OutboxOp } from './mirror/rows.ts';

/** Fields real releases reset when an update leaves them out. */
export const CARRIED_FIELDS = ['email_reports', 'pixels_ids', 'project_id'] as const;

export type Carry =
  /** `targetingAsRead`: the targeting in `fields` is the read's, sent back untouched (the call says so). */
  | { type: 'ok'; fields: Fields; remembered: Fields; targetingAsRead: boolean }
  /** A remembered report handler is still being created: the update waits for its server id. */
  | { type: 'wait' }
  /** Neither the read nor this client knows the link's reports. */
  | { type: 'reports-unknown' };

export const REPORTS_UNKNOWN_MESSAGE =
  'This service does not show which notification handlers get e-mail reports for this link, so saving would replace them. Open the link, check "E-mail reports" and save again.';

export function carryLinkFields(input: Fields, remote: Fields, writeOnly: Fields, lookup: ServerIdLookup): Carry {
  const fields: Fields = {};
  const remembered: Fields = {};
  // Pixels and project left out come back empty on those releases: only a value is carried.
  const worthCarrying = (field: string, value: unknown) =>
    field === 'email_reports' || (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined);
  for (const field of CARRIED_FIELDS) {
    if (input[field] !== undefined) continue;
    if (Object.hasOwn(remote, field)) {
      if (worthCarrying(field, remote[field])) fields[field] = remote[field];
    } else if (Object.hasOwn(writeOnly, field)) {
      const value = writeOnly[field];
      if (field !== 'email_reports' || !Array.isArray(value)) {
        if (worthCarrying(field, value)) fields[field] = value;
        continue;
      }
      // A handler deleted since is no report target any more (the service forgets it too); one
      // that is being created is waited for.
      const refs = value.filter((ref) => typeof ref !== 'string' || lookup('handlers', ref) !== undefined);
      if (refs.some((ref) => typeof ref === 'string' && lookup('handlers', ref) === null)) return { type: 'wait' };
      fields.email_reports = toServerFields('links', { email_reports: refs }, lookup).email_reports;
      remembered.email_reports = refs;
    } else if (field === 'email_reports') {
      return { type: 'reports-unknown' };
    }
  }
  // Schedule dates apply only with schedule on and both dates sent (real releases keep both
  // otherwise); the merge drops an unchanged companion, so it is put back.
  const hasDate = (name: string) => input[name] !== undefined && input[name] !== null;
  if (hasDate('start_date') || hasDate('end_date')) {
    if (input.schedule === undefined) fields.schedule = true;
    for (const name of ['start_date', 'end_date']) if (input[name] === undefined && remote[name] != null) fields[name] = remote[name];
  }
  // Targeting: the rules travel with their type, both ways.
  const source = Object.hasOwn(remote, 'targeting_type') ? remote : writeOnly;
  let targetingAsRead = false;
  if (input.targeting_type === undefined && input.targeting === undefined) {
    if (typeof source.targeting_type === 'string') {
      fields.targeting_type = source.targeting_type;
      if (source.targeting !== undefined) fields.targeting = source.targeting;
      // Rules this client did not write (the service's web UI may take ones the editor would not).
      targetingAsRead = source === remote;
    }
  } else if (input.targeting_type === undefined && typeof source.targeting_type === 'string') {
    fields.targeting_type = source.targeting_type;
  }
  return { type: 'ok', fields, remembered, targetingAsRead };
}

/** What a confirmed create set: a link created without reports has none (known, not unknown). */
export function createdFields(op: Pick<OutboxOp, 'resource' | 'fields'>): Fields {
  return op.resource === 'links' ? { email_reports: [], ...op.fields } : op.fields;
}
