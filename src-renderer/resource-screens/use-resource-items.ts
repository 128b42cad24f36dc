import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorDb } from '../sync/mirror/db.ts';
import { rowStore } from '../sync/index.ts';
import type { MirrorRow, OutboxOp } from '../sync/mirror/rows.ts';
import type { ResourceName } from '../sync/types.ts';
import { resourceItems, type ResourceItem } from './resource-items.ts';

/** A resource's rows from the mirror, live; undefined while the first read runs. */
export function useResourceItems(db: MirrorDb, resource: ResourceName): ResourceItem[] | undefined {
  return useLiveQuery(async () => {
    const rows = await rowStore(db, resource).toArray();
    const ops = await db.outbox.where('[resource+state]').between([resource, Dexie.minKey], [resource, Dexie.maxKey]).toArray();
    return resourceItems(resource, rows, ops);
  }, [db, resource]);
}

/** One row and its operations, live (for editors). `undefined` while loading, null when gone. */
export function useRowWithOps(db: MirrorDb, resource: ResourceName, clientId: string | null): { row: MirrorRow; ops: OutboxOp[] } | null | undefined {
  return useLiveQuery(async () => {
    if (clientId === null) return null;
    const row = await rowStore(db, resource).get(clientId);
    if (!row) return null;
    const ops = await db.outbox.where('rowId').equals(clientId).sortBy('seq');
    return { row, ops };
  }, [db, resource, clientId]);
}
