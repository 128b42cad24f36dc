// Coalescing of a new edit into the row's last pending operation (DESIGN.md "Push"):
// create+update → create; update+update → update; create+delete → nothing; update+delete → delete.
// An operation that may be on the wire or whose outcome is open (sending, unknown, conflict) is
// never changed: the new edit queues behind it.
import type { OpKind, OpState } from '../types.ts';
import type { Fields } from '../mirror/rows.ts';

export interface CoalescibleOp {
  kind: OpKind;
  state: OpState;
  fields: Fields;
  base: Fields;
}

export interface NewEdit {
  kind: OpKind;
  fields: Fields;
  base: Fields;
}

export type CoalesceResult =
  /** Queue the edit as a new operation. */
  | { type: 'append' }
  /** Rewrite the last operation (it becomes pending again if it had failed). */
  | { type: 'replace'; kind: OpKind; fields: Fields; base: Fields }
  /** Create followed by delete: the row never reaches the service; remove the operation and the row. */
  | { type: 'cancel' }
  | { type: 'reject'; reason: string };

/** States whose operation has not left (pending) or was refused and waits for the user (failed). */
const REWRITABLE: ReadonlySet<OpState> = new Set(['pending', 'failed']);

export function coalesce(last: CoalescibleOp | undefined, edit: NewEdit): CoalesceResult {
  if (last?.kind === 'delete') return { type: 'reject', reason: 'This item was deleted; it can no longer be changed.' };
  if (edit.kind === 'create') {
    return last ? { type: 'reject', reason: 'This item already exists.' } : { type: 'append' };
  }
  if (!last || !REWRITABLE.has(last.state)) return { type: 'append' };
  if (last.kind === 'create') {
    if (edit.kind === 'delete') return { type: 'cancel' };
    return { type: 'replace', kind: 'create', fields: { ...last.fields, ...edit.fields }, base: {} };
  }
  // last is an update
  if (edit.kind === 'delete') return { type: 'replace', kind: 'delete', fields: {}, base: {} };
  // The earliest snapshot of a field's server value is the merge base: later snapshots may
  // already contain others' changes that the user never saw.
  return { type: 'replace', kind: 'update', fields: { ...last.fields, ...edit.fields }, base: { ...edit.base, ...last.base } };
}
