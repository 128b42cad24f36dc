// Which outbox operations may go out now: in order per row, never while something they reference
// has no server id, and not before their backoff ends.
import type { OpKind, OpState, ResourceName } from '../types.ts';
import { clientRefs } from '../mirror/fields.ts';
import { isPast } from '../../../src-preload/contract/rate-window.ts';
import type { Fields } from '../mirror/rows.ts';

export interface OrderableOp {
  seq?: number;
  opId: string;
  resource: ResourceName;
  rowId: string;
  kind: OpKind;
  state: OpState;
  fields: Fields;
  notBefore: number;
}

export type WaitReason = 'earlier-change' | 'dependency' | 'backoff' | 'no-server-id' | 'not-pending';

export interface Plan<T extends OrderableOp> {
  ready: T[];
  waiting: { op: T; reason: WaitReason }[];
  /** Ops referencing a row that no longer exists locally: they can never be sent. */
  orphaned: { op: T; missing: { resource: ResourceName; clientId: string } }[];
}

/**
 * `serverIdOf` answers the server id of a row, null when it has none yet, undefined when the row
 * does not exist. `ops` may come in any order; seq decides.
 */
export function planReady<T extends OrderableOp>(
  ops: readonly T[],
  serverIdOf: (resource: ResourceName, clientId: string) => number | null | undefined,
  now: number,
): Plan<T> {
  const sorted = [...ops].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const seenRows = new Set<string>();
  const plan: Plan<T> = { ready: [], waiting: [], orphaned: [] };
  for (const op of sorted) {
    const rowKey = `${op.resource}:${op.rowId}`;
    const behind = seenRows.has(rowKey);
    seenRows.add(rowKey);
    if (op.state !== 'pending') {
      plan.waiting.push({ op, reason: 'not-pending' });
      continue;
    }
    if (behind) {
      plan.waiting.push({ op, reason: 'earlier-change' });
      continue;
    }
    const missing = clientRefs(op.resource, op.fields).find((ref) => serverIdOf(ref.resource, ref.clientId) === undefined);
    if (missing) {
      plan.orphaned.push({ op, missing });
      continue;
    }
    if (clientRefs(op.resource, op.fields).some((ref) => serverIdOf(ref.resource, ref.clientId) === null)) {
      plan.waiting.push({ op, reason: 'dependency' });
      continue;
    }
    if (op.kind !== 'create' && (serverIdOf(op.resource, op.rowId) ?? null) === null) {
      plan.waiting.push({ op, reason: 'no-server-id' });
      continue;
    }
    // A backoff ending further away than any backoff lasts was set before the clock moved back: due.
    if (!isPast(op.notBefore, now)) {
      plan.waiting.push({ op, reason: 'backoff' });
      continue;
    }
    plan.ready.push(op);
  }
  return plan;
}
