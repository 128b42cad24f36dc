// Three-way merge of a pending update against the row as the service has it now. `base` is the
// server's value of each changed field when the user first changed it; write-only fields cannot
// be compared (the service does not show them) and are sent as the user set them.
import { sameValue } from '../mirror/fields.ts';
import type { FieldConflict, Fields } from '../mirror/rows.ts';

export type RowSide = 'unchanged' | 'changed' | 'deleted';

export type MergeDecision =
  /** Send these fields (local-only changes and write-only fields). */
  | { type: 'send'; fields: Fields }
  /** Nothing left to send: remote already has it, or only remote changed. */
  | { type: 'nothing' }
  | { type: 'conflict'; fields: FieldConflict[] }
  /** Deleted on the server, changed locally: the user recreates or discards. */
  | { type: 'deleted-conflict' }
  /** Deleted locally: delete on the server (a delete carries no fields to merge). */
  | { type: 'delete' }
  /** Gone on both sides, or gone remotely with nothing pending: drop the row. */
  | { type: 'gone' };

export interface MergeInput {
  /** Local side: the pending patch (server-id space), or 'deleted'. */
  local: Fields | 'deleted';
  base: Fields;
  /** Readable view of the row as the service has it now; null when it answered 404. */
  remote: Fields | null;
  /** Values this client itself may already have written per field (earlier attempts). */
  ours?: Record<string, unknown[]>;
  /** Fields the user set to the value they saw (OutboxOp.asserted): changed even when equal to the base. */
  asserted?: readonly string[];
}

/**
 * Lists of ids (a link's report handlers, its pixels) are sets: what each side added or removed
 * is kept, so two edits of one list never conflict (another client adding a handler while this
 * one swaps one out keeps both changes; a handler the service dropped because it was deleted
 * stays dropped).
 */
const SET_FIELDS: ReadonlySet<string> = new Set(['email_reports', 'pixels_ids']);

function mergeSets(before: unknown[], mine: unknown[], theirs: unknown[]): unknown[] {
  const has = (list: unknown[], value: unknown) => list.some((item) => sameValue(item, value));
  const removed = before.filter((value) => !has(mine, value));
  const added = mine.filter((value) => !has(before, value));
  return [...theirs.filter((value) => !has(removed, value)), ...added.filter((value) => !has(theirs, value))];
}

const sorted = (list: unknown[]) => [...list].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));

export function mergeRow({ local, base, remote, ours = {}, asserted = [] }: MergeInput): MergeDecision {
  if (local === 'deleted') return remote === null ? { type: 'gone' } : { type: 'delete' };
  if (remote === null) return Object.keys(local).length === 0 ? { type: 'gone' } : { type: 'deleted-conflict' };
  const send: Fields = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, mine] of Object.entries(local)) {
    if (mine === undefined) continue;
    if (!Object.hasOwn(remote, field)) {
      send[field] = mine; // write-only: nothing to compare with
      continue;
    }
    const theirs = remote[field];
    // The service shows a value this client itself wrote in an earlier attempt: it is no one
    // else's change, and the user's current value goes out unless it is already there (their
    // value may even equal the base again, e.g. a flag turned off then back on).
    if ((ours[field] ?? []).some((value) => sameValue(value, theirs))) {
      if (!sameValue(mine, theirs)) send[field] = mine;
      continue;
    }
    const before = Object.hasOwn(base, field) ? base[field] : theirs;
    if (SET_FIELDS.has(field) && Array.isArray(mine) && Array.isArray(theirs) && Array.isArray(before)) {
      const merged = mergeSets(before, mine, theirs);
      if (!sameValue(sorted(merged), sorted(theirs))) send[field] = merged;
      continue;
    }
    const localChanged = !sameValue(mine, before) || asserted.includes(field);
    const remoteChanged = !sameValue(theirs, before);
    if (!localChanged) continue; // unchanged locally: keep theirs
    if (!remoteChanged) send[field] = mine;
    else if (!sameValue(mine, theirs)) conflicts.push({ field, base: before, mine, theirs });
    // both changed to the same value: already there
  }
  if (conflicts.length > 0) return { type: 'conflict', fields: conflicts };
  return Object.keys(send).length > 0 ? { type: 'send', fields: send } : { type: 'nothing' };
}

/** Classifies one side of one field, for callers that show the merge state. */
export function sideOf(before: unknown, now: unknown, deleted: boolean): RowSide {
  if (deleted) return 'deleted';
  return sameValue(before, now) ? 'unchanged' : 'changed';
}
