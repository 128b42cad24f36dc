// The user's edits: each writes the mirror row and its outbox operation in ONE transaction, so a
// crash or a full disk leaves either both or neither. Pending operations on a row coalesce.
import type { Table } from 'dexie';
import { generateAlias, type RandomBytes } from './alias.ts';
import { EditError, QUOTA_MESSAGE } from './edit-errors.ts';
import { bulkRowFields, bulkUrls } from './mirror/bulk-rows.ts';
import { isQuotaError, type MirrorDb } from './mirror/db.ts';
import { allRowScope, rowScope, rowStore } from './mirror/link-rows.ts';
import { clientRefs, isWriteOnly, readView, rowView, sameValue } from './mirror/fields.ts';
import type { Fields, MirrorRow, OutboxOp } from './mirror/rows.ts';
import { coalesce } from './outbox/coalesce.ts';
import type { Clock, OpKind, ResourceName } from './types.ts';
import { validateEdit } from './validate-input.ts';

export interface EditContext {
  db: MirrorDb;
  clock: Clock;
  newId: () => string;
  randomBytes?: RandomBytes;
  /** Told after every committed edit (the engine schedules a push). */
  onChange?: () => void;
}

/** Runs a read-write transaction over a row table and the outbox; storage failures become EditErrors. */
export async function inEditTransaction<T>(db: MirrorDb, tables: readonly Table[], body: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction('rw', [...new Set(tables)], body);
  } catch (error) {
    if (error instanceof EditError) throw error;
    if (isQuotaError(error)) throw new EditError('quota', QUOTA_MESSAGE);
    throw new EditError('storage', `The change could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Pending changes and deleted flag as the row's remaining operations describe them. */
export function localFromOps(ops: readonly OutboxOp[], rowId?: string): { local: Fields; deletedLocally: boolean } {
  const local: Fields = {};
  let deletedLocally = false;
  for (const op of [...ops].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (op.kind === 'delete') deletedLocally = true;
    else Object.assign(local, op.rows ? bulkRowFields(op, rowId ?? op.rowId) : op.fields);
  }
  return { local, deletedLocally };
}

export async function opsOfRow(db: MirrorDb, rowId: string): Promise<OutboxOp[]> {
  const ops = await db.outbox.where('rowId').equals(rowId).toArray();
  return ops.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Recomputes a row's pending view from its operations (after one was added, sent or dropped). */
export async function refreshRowLocal(db: MirrorDb, resource: ResourceName, rowId: string): Promise<void> {
  const row = await rowStore(db, resource).get(rowId);
  if (!row) return;
  const ops = await opsOfRow(db, rowId);
  // A bulk create is filed under its first row only; the others find it by its id.
  const bulk = await openBulkOp({ db }, row);
  if (bulk && !ops.some((op) => op.opId === bulk.opId)) ops.unshift(bulk);
  const { local, deletedLocally } = localFromOps(ops, rowId);
  await rowStore(db, resource).put({ ...row, local, deletedLocally });
}

/** A new pending operation, as every edit queues one. */
export function newOp(ctx: EditContext, resource: ResourceName, rowId: string, kind: OpKind, fields: Fields, base: Fields): OutboxOp {
  const now = ctx.clock.now();
  return {
    opId: ctx.newId(),
    resource,
    rowId,
    kind,
    fields,
    base,
    state: 'pending',
    rev: 0,
    attempts: 0,
    notBefore: 0,
    error: null,
    conflict: null,
    createdAt: now,
    sentAt: null,
  };
}

export async function checkRefs(db: MirrorDb, resource: ResourceName, fields: Fields): Promise<void> {
  for (const ref of clientRefs(resource, fields)) {
    const target = await rowStore(db, ref.resource).get(ref.clientId);
    if (!target || target.deletedLocally) {
      throw new EditError('invalid-input', `The ${ref.resource === 'domains' ? 'domain' : 'notification handler'} this refers to does not exist (any more).`);
    }
  }
}

/**
 * `once`, when given, makes the create idempotent: the first create under that key wins and a
 * repeat returns the same row (checked and recorded in the same transaction).
 */
export async function createRow(ctx: EditContext, resource: ResourceName, input: Fields, once?: string): Promise<string> {
  let fields: Fields = { ...input };
  if (resource === 'links') {
    if (fields.is_bulk) throw new EditError('rejected', 'Many links at once are created with createBulk (bulk.ts), one row per destination.');
    delete fields.is_bulk;
    if (typeof fields.url !== 'string' || fields.url.trim() === '') fields.url = generateAlias(ctx.randomBytes);
  }
  fields = validateEdit(resource, 'create', fields);
  let clientId = ctx.newId();
  const table = rowStore(ctx.db, resource);
  const created = await inEditTransaction(ctx.db, [...allRowScope(ctx.db), ctx.db.outbox, ctx.db.syncState], async () => {
    if (once !== undefined) {
      const earlier = await ctx.db.syncState.get(`once:${once}`);
      if (earlier) {
        clientId = earlier.value as string;
        return false;
      }
      await ctx.db.syncState.put({ key: `once:${once}`, value: clientId });
    }
    await checkRefs(ctx.db, resource, fields);
    const row: MirrorRow = {
      clientId,
      serverId: null,
      base: null,
      baseIsProvisional: false,
      local: fields,
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: ctx.clock.now(),
    };
    await table.add(row);
    await ctx.db.outbox.add(newOp(ctx, resource, clientId, 'create', fields, {}));
    return true;
  });
  if (created) ctx.onChange?.();
  return clientId;
}

/** Link fields that the service reads only together with another one. */
function companions(resource: ResourceName, patch: Fields, view: Fields): Fields {
  const extra: Fields = {};
  if (resource !== 'links') return extra;
  if ((patch.start_date !== undefined || patch.end_date !== undefined) && patch.schedule === undefined) extra.schedule = view.schedule ?? true;
  if (patch.targeting !== undefined && patch.targeting_type === undefined && view.targeting_type !== undefined) extra.targeting_type = view.targeting_type;
  return extra;
}

export async function updateRow(ctx: EditContext, resource: ResourceName, clientId: string, input: Fields): Promise<void> {
  const patch: Fields = { ...input };
  // An empty alias on update means "keep the alias".
  if (resource === 'links' && patch.url === '') delete patch.url;
  const table = rowStore(ctx.db, resource);
  await inEditTransaction(ctx.db, [...allRowScope(ctx.db), ctx.db.outbox], async () => {
    const row = await table.get(clientId);
    if (!row) throw new EditError('not-found', 'This item no longer exists.');
    if (await openBulkOp(ctx, row)) throw new EditError('rejected', BULK_ROW_EDIT_MESSAGE);
    const view = rowView(resource, row);
    if (resource === 'links' && patch.email_reports === undefined && !reportsKnown(row, view)) {
      throw new EditError('reports-unknown', REPORTS_UNKNOWN_EDIT_MESSAGE);
    }
    const fields = validateEdit(resource, 'update', { ...companions(resource, patch, view), ...patch });
    if (Object.keys(fields).length === 0) return;
    await checkRefs(ctx.db, resource, fields);
    const remote = row.base ? readView(resource, row.base) : {};
    // A bulk create's link knows no alias until a listing brings the one the service picked: an
    // empty one is no value the service had, and taken as the base it would make theirs a conflict.
    const aliasUnknown = resource === 'links' && row.baseIsProvisional && remote.url === '';
    const base: Fields = {};
    for (const field of Object.keys(fields)) {
      if (field === 'url' && aliasUnknown) continue;
      if (!isWriteOnly(resource, field, row.base) && Object.hasOwn(remote, field)) base[field] = remote[field];
    }
    // Set to what the mirror shows (no pending change of it): an explicit command, still a change.
    // Only the caller's own fields: companions are carried along, not set by the user.
    const asserted = Object.keys(patch).filter(
      (field) => Object.hasOwn(fields, field) && Object.hasOwn(base, field) && !Object.hasOwn(row.local, field) && sameValue(fields[field], base[field]),
    );
    await applyEdit(ctx, resource, row, 'update', fields, base);
    if (asserted.length > 0) {
      const op = (await opsOfRow(ctx.db, clientId)).at(-1);
      if (op?.kind === 'update') await ctx.db.outbox.put({ ...op, asserted: [...new Set([...(op.asserted ?? []), ...asserted])] });
    }
  });
  ctx.onChange?.();
}

export const REPORTS_UNKNOWN_EDIT_MESSAGE =
  'This service does not show which notification handlers get e-mail reports for this link. Saving sends the reports you choose and replaces the ones it has: choose them, then save.';

/**
 * Whether a link's report handlers are known: the read shows them, this client sent them, or the
 * link is still a local create (its reports are what it will be created with).
 */
export function reportsKnown(row: MirrorRow, view: Fields = rowView('links', row)): boolean {
  return row.serverId === null || Object.hasOwn(view, 'email_reports');
}

/**
 * Queues a delete. With `holdMs` (a delete the user may still undo) the delete waits that long
 * before it goes out, as an operation of its own (never folded into the row's pending edits, so
 * undoing it leaves them as they were); its op id comes back for `discard`. A row the service has
 * not created yet is simply dropped: nothing to hold, null.
 */
export async function deleteRow(ctx: EditContext, resource: ResourceName, clientId: string, options: { holdMs?: number } = {}): Promise<string | null> {
  const table = rowStore(ctx.db, resource);
  const held = await inEditTransaction(ctx.db, [...rowScope(ctx.db, resource), ctx.db.outbox], async () => {
    const row = await table.get(clientId);
    if (!row) throw new EditError('not-found', 'This item no longer exists.');
    const bulk = await openBulkOp(ctx, row);
    if (bulk) {
      await removeFromBulk(ctx, bulk, clientId);
      return null;
    }
    const hold = options.holdMs ?? 0;
    if (hold <= 0 || row.serverId === null) {
      await applyEdit(ctx, resource, row, 'delete', {}, {});
      return null;
    }
    if (row.deletedLocally) throw new EditError('rejected', 'This item is already being deleted.');
    await applyEdit(ctx, resource, row, 'delete', {}, {}, true);
    const op = (await opsOfRow(ctx.db, clientId)).at(-1)!;
    await ctx.db.outbox.put({ ...op, notBefore: ctx.clock.now() + hold });
    return op.opId;
  });
  ctx.onChange?.();
  return held;
}

/** Fields the read shape shows and an update takes, but no create does (all three resources). */
export const NOT_CREATABLE: ReadonlySet<string> = new Set(['is_enabled']);

/** Inside a transaction: coalesce the edit with the row's last operation and store both. */
async function applyEdit(ctx: EditContext, resource: ResourceName, row: MirrorRow, kind: OpKind, fields: Fields, base: Fields, append = false): Promise<void> {
  const ops = await opsOfRow(ctx.db, row.clientId);
  const last = ops.at(-1);
  const table = rowStore(ctx.db, resource);
  if (!append && kind === 'update' && last?.kind === 'create' && (last.state === 'pending' || last.state === 'failed')) {
    // create+update → create, except fields a create cannot carry: they follow as an update.
    const later = Object.keys(fields).filter((field) => NOT_CREATABLE.has(field));
    if (later.length > 0) {
      const pick = (from: Fields, keep: (field: string) => boolean) => Object.fromEntries(Object.entries(from).filter(([field]) => keep(field)));
      const now = pick(fields, (field) => !NOT_CREATABLE.has(field));
      if (Object.keys(now).length > 0)
        await applyEdit(
          ctx,
          resource,
          row,
          kind,
          now,
          pick(base, (field) => !NOT_CREATABLE.has(field)),
        );
      const current = (await table.get(row.clientId)) ?? row;
      await applyEdit(
        ctx,
        resource,
        current,
        kind,
        pick(fields, (field) => NOT_CREATABLE.has(field)),
        pick(base, (field) => NOT_CREATABLE.has(field)),
        true,
      );
      return;
    }
  }
  const decision: ReturnType<typeof coalesce> = append ? { type: 'append' } : coalesce(last, { kind, fields, base });
  switch (decision.type) {
    case 'reject':
      throw new EditError('rejected', decision.reason);
    case 'cancel':
      // Create then delete before anything left: the row never existed for the service.
      await ctx.db.outbox.delete(last!.seq!);
      if (ops.length === 1 && row.serverId === null) {
        await table.delete(row.clientId);
        return;
      }
      break;
    case 'replace':
      await ctx.db.outbox.put({
        ...last!,
        kind: decision.kind,
        fields: decision.fields,
        base: decision.base,
        state: 'pending',
        rev: last!.rev + 1,
        error: null,
        conflict: null,
        attempts: 0,
        notBefore: 0,
      });
      break;
    case 'append':
      await ctx.db.outbox.add(newOp(ctx, resource, row.clientId, kind, fields, base));
      break;
  }
  const { local, deletedLocally } = localFromOps(await opsOfRow(ctx.db, row.clientId));
  await table.put({ ...row, local, deletedLocally, updatedAt: ctx.clock.now() });
}

/**
 * Lets every pending op go now (the user asked to sync): deletes held for Undo, and changes waiting
 * out a failed attempt's backoff. Attempts are kept, so a change failing again backs off further.
 * A spent rate-limit window is not waited out here: the push checks the window itself.
 */
export async function endWaits(db: MirrorDb, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, async () => db.outbox.filter((op) => op.state === 'pending' && op.notBefore > now).modify({ notBefore: 0 }));
}

export const BULK_ROW_EDIT_MESSAGE =
  'This link is being created together with others in one request and gets its alias from the service: change it once it is created. To drop the whole batch, discard it under Pending changes.';

/** The bulk op a provisional row belongs to, while it waits (inside a transaction over the outbox). */
export async function openBulkOp(ctx: Pick<EditContext, 'db'>, row: MirrorRow): Promise<OutboxOp | undefined> {
  if (!row.bulkOp || row.serverId !== null) return undefined;
  return ctx.db.outbox.where('opId').equals(row.bulkOp).first();
}

/**
 * Takes one row out of a bulk create not yet sent (the user deleted it): its line leaves the
 * request, the row goes; the op goes with its last row. A batch on the wire or of unknown
 * outcome is not changed: the service may have made the link.
 */
async function removeFromBulk(ctx: EditContext, op: OutboxOp, rowId: string): Promise<void> {
  if (op.state !== 'pending' && op.state !== 'failed') throw new EditError('rejected', BULK_ROW_EDIT_MESSAGE);
  const rows = op.rows ?? [];
  const urls = bulkUrls(op);
  const index = rows.indexOf(rowId);
  const keep = rows.map((_, i) => i).filter((i) => i !== index);
  await rowStore(ctx.db, 'links').delete(rowId);
  if (keep.length === 0) {
    await ctx.db.outbox.delete(op.seq!);
    return;
  }
  const nextRows = keep.map((i) => rows[i]!);
  await ctx.db.outbox.put({
    ...op,
    rowId: nextRows[0]!,
    rows: nextRows,
    fields: { ...op.fields, location_urls: keep.map((i) => urls[i]!).join('\n') },
    rev: op.rev + 1,
  });
}
