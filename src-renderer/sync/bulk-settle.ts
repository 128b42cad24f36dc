// How a bulk link create ends (one op for many rows, see bulk.ts): each row the service's answer
// or a listing maps takes its server id and read; rows nothing maps go back into the op and are
// sent again, alone, so no link is made twice and none is lost.
import type { Created } from '../../src-preload/contract/index.ts';
import type { SyncContext } from './context.ts';
import { createdFields } from './link-carry.ts';
import { bulkRowFields, bulkUrls } from './mirror/bulk-rows.ts';
import { lastPullKey, type MirrorDb } from './mirror/db.ts';
import { provisionalRead, rememberWriteOnly } from './mirror/fields.ts';
import { linkRows, rowScope } from './mirror/link-rows.ts';
import type { Fields, MirrorRow, OutboxOp, ServerRow } from './mirror/rows.ts';

/**
 * Inside a transaction over the link rows (rowScope) and the outbox: maps `assigned` rows (client id → the service's
 * row) and sends the rest again (the op keeps only them), or drops the op when none is left.
 */
export async function settleBulk(db: MirrorDb, op: OutboxOp, assigned: ReadonlyMap<string, ServerRow>, provisional: boolean): Promise<void> {
  const rows = op.rows ?? [op.rowId];
  const urls = bulkUrls(op);
  const links = linkRows(db);
  for (const [rowId, base] of assigned) {
    const row = await links.get(rowId);
    if (!row) continue;
    // A listing cannot have added the service's row meanwhile (held while sending), but a copy
    // without pending work is dropped all the same.
    for (const duplicate of await links.withServerId(base.id)) {
      if (duplicate.clientId !== rowId && Object.keys(duplicate.local).length === 0) await links.delete(duplicate.clientId);
    }
    const sent = createdFields({ resource: 'links', fields: bulkRowFields(op, rowId) });
    const { bulkOp: _done, ...rest } = row;
    const next: MirrorRow = {
      ...rest,
      serverId: base.id,
      base,
      baseIsProvisional: provisional,
      missingCount: 0,
      local: {},
      writeOnly: rememberWriteOnly('links', row.writeOnly, sent, base),
    };
    await links.put(next as MirrorRow<never>);
  }
  const left = rows.map((_, i) => i).filter((i) => !assigned.has(rows[i]!));
  if (left.length === 0) {
    await db.outbox.delete(op.seq!);
    return;
  }
  await db.outbox.put({
    ...op,
    rowId: rows[left[0]!]!,
    rows: left.map((i) => rows[i]!),
    fields: { ...op.fields, location_urls: left.map((i) => urls[i]!).join('\n') },
    state: 'pending',
    conflict: null,
    notBefore: 0,
    rev: op.rev + 1,
  });
}

/**
 * The service answered a bulk create: its ids, lowest first, are the links in the order of
 * `location_urls` (the sandbox answers in that order and makes them in that order; sorting keeps
 * the mapping right should a deployment list the ids otherwise). An answer with another number
 * of ids than lines sent says the request did something else: the op is of unknown outcome and a
 * listing decides, as for a lost answer. Says whether the op completed.
 */
export async function settleBulkAnswer(ctx: SyncContext, op: OutboxOp, input: Fields, created: Created): Promise<{ completed: boolean }> {
  const rows = op.rows ?? [op.rowId];
  const ids = ('ids' in created ? [...created.ids] : [created.id]).sort((a, b) => a - b);
  if (ids.length !== rows.length) {
    await ctx.db.transaction('rw', ctx.db.outbox, async () => {
      const current = await ctx.db.outbox.get(op.seq!);
      if (current) {
        const message = `The service answered with ${ids.length} ids for ${rows.length} links; the next listing tells which were made.`;
        await ctx.db.outbox.put({ ...current, state: 'unknown', error: { kind: 'bad-response', message } });
      }
    });
    return { completed: false };
  }
  const now = ctx.clock.now();
  const urls = bulkUrls(op);
  const shared: Fields = { ...input };
  delete shared.is_bulk;
  delete shared.location_urls;
  const assigned = new Map<string, ServerRow>(rows.map((rowId, i) => [rowId, provisionalRead('links', ids[i]!, { ...shared, location_url: urls[i] }, now)]));
  await ctx.db.transaction('rw', [...rowScope(ctx.db, 'links'), ctx.db.outbox], async () => {
    const current = await ctx.db.outbox.get(op.seq!);
    await settleBulk(ctx.db, current ?? op, assigned, true);
  });
  return { completed: true };
}

/**
 * The highest link id the mirror knows, once a complete listing of links went into it (null
 * before: it may not know the service's newest links). Read by the sender (which holds the sender
 * lock, so no listing lands between this and the send).
 */
export async function highestKnownLinkId(db: MirrorDb): Promise<number | null> {
  if (!(await db.syncState.get(lastPullKey('links')))) return null;
  return (await linkRows(db).maxServerId()) ?? 0;
}
