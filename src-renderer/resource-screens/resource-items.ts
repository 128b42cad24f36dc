// What list screens need of each mirror row: its view (base + remembered + pending), when it was
// created, and the most urgent state of its pending operations — computed once per mirror change.
import { rowView } from '../sync/mirror/fields.ts';
import type { Fields, MirrorRow, OpError, OutboxOp } from '../sync/mirror/rows.ts';
import type { OpKind, OpState, ResourceName } from '../sync/types.ts';

export interface RowSync {
  state: OpState;
  opId: string;
  kind: OpKind;
  error: OpError | null;
}

export interface ResourceItem {
  clientId: string;
  serverId: number | null;
  view: Fields;
  /** The service's creation time (`YYYY-MM-DD HH:MM:SS`), or null while the create has not gone out. */
  created: string | null;
  /** The row's most urgent outbox state, or null when nothing is waiting. */
  sync: RowSync | null;
}

/** The state that most needs the user's eye comes first. */
const URGENCY: Record<OpState, number> = { conflict: 5, failed: 4, unknown: 3, sending: 2, pending: 1 };

export function rowSyncStates(ops: readonly OutboxOp[]): Map<string, RowSync> {
  const byRow = new Map<string, RowSync>();
  for (const op of ops) {
    const current = byRow.get(op.rowId);
    if (!current || URGENCY[op.state] > URGENCY[current.state]) {
      byRow.set(op.rowId, { state: op.state, opId: op.opId, kind: op.kind, error: op.error });
    }
  }
  return byRow;
}

/** Rows deleted locally are left out: the Pending changes page lists their deletes. */
export function resourceItems(resource: ResourceName, rows: readonly MirrorRow[], ops: readonly OutboxOp[]): ResourceItem[] {
  const states = rowSyncStates(ops.filter((op) => op.resource === resource));
  const items: ResourceItem[] = [];
  for (const row of rows) {
    if (row.deletedLocally) continue;
    items.push({
      clientId: row.clientId,
      serverId: row.serverId,
      view: rowView(resource, row),
      // A provisional copy (created, not yet pulled) carries the time the service confirmed it.
      created: row.base ? row.base.datetime : null,
      sync: states.get(row.clientId) ?? null,
    });
  }
  return items;
}

/** Normalises an error's field ("input.host", "host[0]") to the input field it names. */
export function errorField(error: OpError | null | undefined): string | null {
  if (!error?.field) return null;
  const parts = error.field.replace(/\[\d+\]/g, '').split('.');
  const field = parts[0] === 'input' ? parts[1] : parts[0];
  return field || null;
}
