import { useLiveQuery } from 'dexie-react-hooks';
import { rowView } from '../../sync/mirror/fields.ts';
import { ROW_TABLES, type MirrorDb } from '../../sync/mirror/db.ts';
import { rowStore } from '../../sync/index.ts';
import type { OutboxOp } from '../../sync/mirror/rows.ts';
import { bulkLabel, rowLabel } from './op-describe.ts';

export interface PendingEntry {
  op: OutboxOp;
  /** How the row is named (alias, host, handler name). */
  label: string;
}

/** Every outbox operation not yet done, oldest first, with its row's name; live. */
export function usePendingOps(db: MirrorDb): PendingEntry[] | undefined {
  return useLiveQuery(async () => {
    const ops = await db.outbox.orderBy('seq').toArray();
    const labels = new Map<string, string>();
    for (const resource of ROW_TABLES) {
      const ids = [...new Set(ops.filter((op) => op.resource === resource).map((op) => op.rowId))];
      if (ids.length === 0) continue;
      const rows = await rowStore(db, resource).bulkGet(ids);
      rows.forEach((row, i) => labels.set(ids[i]!, rowLabel(resource, row ? rowView(resource, row) : null)));
    }
    return ops.map((op) => ({ op, label: op.rows ? bulkLabel(op) : (labels.get(op.rowId) ?? '(removed)') }));
  }, [db]);
}
