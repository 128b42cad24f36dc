// What the user can do with an operation that stopped: resolve a conflict (keep mine / take
// theirs / edit per field; recreate / discard a row deleted on the server; pick the server row an
// ambiguous create produced), retry a failed operation, or discard one.
import { EditError } from './edit-errors.ts';
import { inEditTransaction, newOp, NOT_CREATABLE, opsOfRow, refreshRowLocal, type EditContext } from './local-edits.ts';
import { allRowScope, rowStore } from './mirror/link-rows.ts';
import { provisionalRead, rowView } from './mirror/fields.ts';
import { IMAGE_FIELDS } from './mirror/link-fields.ts';
import type { Fields, OutboxOp } from './mirror/rows.ts';
import { deleteClickSamples } from './pull.ts';
import type { ResourceName } from './types.ts';
import { validateEdit } from './validate-input.ts';

export type FieldChoice = 'mine' | 'theirs' | { value: unknown };

export type Resolution =
  | { type: 'fields'; choices: Record<string, FieldChoice> }
  | { type: 'recreate' }
  | { type: 'discard' }
  | { type: 'adopt'; serverId: number }
  | { type: 'create-new' };

function allTables(ctx: EditContext) {
  return [...allRowScope(ctx.db), ctx.db.outbox, ctx.db.clickSamples];
}

async function getOp(ctx: EditContext, opId: string): Promise<OutboxOp> {
  const op = await ctx.db.outbox.where('opId').equals(opId).first();
  if (!op) throw new EditError('not-found', 'This change is no longer waiting.');
  return op;
}

export async function resolveConflict(ctx: EditContext, opId: string, resolution: Resolution): Promise<void> {
  await inEditTransaction(ctx.db, allTables(ctx), async () => {
    const op = await getOp(ctx, opId);
    if (op.state !== 'conflict' || !op.conflict) throw new EditError('rejected', 'This change has no conflict to resolve.');
    const conflict = op.conflict;
    if (resolution.type === 'discard' && conflict.type === 'fields') {
      // Drop this change; the row stays as the service has it.
      await ctx.db.outbox.delete(op.seq!);
      await refreshRowLocal(ctx.db, op.resource, op.rowId);
    } else if (resolution.type === 'discard') {
      await discardRow(ctx, op.resource, op.rowId);
    } else if (conflict.type === 'fields' && resolution.type === 'fields') {
      await resolveFields(ctx, op, conflict.fields, resolution.choices);
    } else if (conflict.type === 'deleted' && resolution.type === 'recreate') {
      await recreate(ctx, op);
    } else if (conflict.type === 'ambiguous-create' && resolution.type === 'adopt') {
      if (!conflict.candidates.includes(resolution.serverId)) throw new EditError('invalid-input', 'That item is not one of the candidates.');
      const table = rowStore(ctx.db, op.resource);
      const row = await table.get(op.rowId);
      if (!row) throw new EditError('not-found', 'This item no longer exists.');
      await ctx.db.outbox.delete(op.seq!);
      // The real copy arrives with the next listing (the row is now mapped).
      const base = provisionalRead(op.resource, resolution.serverId, op.fields, ctx.clock.now());
      await table.put({ ...row, serverId: resolution.serverId, base, baseIsProvisional: true });
      await refreshRowLocal(ctx.db, op.resource, op.rowId);
    } else if (conflict.type === 'ambiguous-create' && resolution.type === 'create-new') {
      await ctx.db.outbox.put({ ...op, state: 'pending', conflict: null, notBefore: 0, rev: op.rev + 1 });
    } else {
      throw new EditError('rejected', `A ${conflict.type} conflict cannot be resolved with "${resolution.type}".`);
    }
  });
  ctx.onChange?.();
}

async function resolveFields(
  ctx: EditContext,
  op: OutboxOp,
  conflicts: { field: string; theirs: unknown }[],
  choices: Record<string, FieldChoice>,
): Promise<void> {
  const fields: Fields = { ...op.fields };
  const base: Fields = { ...op.base };
  for (const { field, theirs } of conflicts) {
    const choice = choices[field];
    if (choice === undefined) throw new EditError('invalid-input', `Choose a value for ${field}.`);
    if (choice === 'theirs') {
      delete fields[field];
      delete base[field];
    } else {
      // The service's value becomes the merge base, so the chosen value goes out as a local change.
      base[field] = theirs;
      if (choice !== 'mine') fields[field] = choice.value;
    }
  }
  const normalized = Object.keys(fields).length > 0 ? validateEdit(op.resource, 'update', fields) : {};
  if (Object.keys(normalized).length === 0) await ctx.db.outbox.delete(op.seq!);
  else await ctx.db.outbox.put({ ...op, fields: normalized, base, state: 'pending', conflict: null, error: null, notBefore: 0, rev: op.rev + 1 });
  await refreshRowLocal(ctx.db, op.resource, op.rowId);
}

async function recreate(ctx: EditContext, op: OutboxOp): Promise<void> {
  const table = rowStore(ctx.db, op.resource);
  const row = await table.get(op.rowId);
  if (!row) throw new EditError('not-found', 'This item no longer exists.');
  // Everything the user sees (last copy, remembered settings, pending edits) becomes the new item.
  const view = rowView(op.resource, row);
  const input: Fields = {};
  for (const [field, value] of Object.entries(view)) {
    if (value !== null && value !== undefined && !NOT_CREATABLE.has(field)) input[field] = value;
  }
  // An image the service held is named, not carried: it went with the deleted link.
  if (op.resource === 'links') for (const field of IMAGE_FIELDS) if (typeof input[field] === 'string') delete input[field];
  if (op.resource === 'links' && input.schedule !== true) {
    delete input.start_date;
    delete input.end_date;
  }
  const fields = validateEdit(op.resource, 'create', input);
  for (const other of await opsOfRow(ctx.db, op.rowId)) await ctx.db.outbox.delete(other.seq!);
  await table.put({ ...row, serverId: null, base: null, baseIsProvisional: false, missingCount: 0, deletedLocally: false });
  await ctx.db.outbox.add(newOp(ctx, op.resource, op.rowId, 'create', fields, {}));
  await refreshRowLocal(ctx.db, op.resource, op.rowId);
}

async function discardRow(ctx: EditContext, resource: ResourceName, rowId: string): Promise<void> {
  for (const other of await opsOfRow(ctx.db, rowId)) await ctx.db.outbox.delete(other.seq!);
  await rowStore(ctx.db, resource).delete(rowId);
  if (resource === 'links') await deleteClickSamples(ctx.db, rowId);
}

/** Sends a failed operation again (after the user changed what the service refused, or not). */
export async function retryOp(ctx: EditContext, opId: string): Promise<void> {
  await inEditTransaction(ctx.db, [ctx.db.outbox], async () => {
    const op = await getOp(ctx, opId);
    if (op.state !== 'failed') throw new EditError('rejected', 'Only a failed change can be retried.');
    await ctx.db.outbox.put({ ...op, state: 'pending', attempts: 0, notBefore: 0, error: null });
  });
  ctx.onChange?.();
}

/**
 * Drops an operation that is not on the wire. Discarding a create drops the row too (if the
 * create had in fact reached the service, the next listing brings the row back as the service's).
 */
export async function discardOp(ctx: EditContext, opId: string): Promise<void> {
  await inEditTransaction(ctx.db, allTables(ctx), async () => {
    const op = await getOp(ctx, opId);
    if (op.state === 'sending') throw new EditError('rejected', 'This change is being sent right now.');
    if (op.kind === 'create') {
      // A bulk create takes all its rows with it (none has a server id yet).
      for (const rowId of op.rows ?? [op.rowId]) await discardRow(ctx, op.resource, rowId);
      await ctx.db.outbox.delete(op.seq!);
      return;
    }
    await ctx.db.outbox.delete(op.seq!);
    await refreshRowLocal(ctx.db, op.resource, op.rowId);
  });
  ctx.onChange?.();
}
