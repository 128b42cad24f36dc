// Push: sends the outbox in order, one operation at a time. `sending` is recorded before a
// request leaves; a create whose outcome is unknown is reconciled against a listing and never
// resent blindly; updates read before they write and merge three-way against the edit's base.
import { CallError, type Created } from '../../src-preload/contract/index.ts';
import { callResource, callResourceChecked, inWorkspace, loadServerIdLookup, type ServerIdLookup, type SyncContext } from './context.ts';
import { refreshRowLocal } from './local-edits.ts';
import { isQuotaError, ROW_TABLES } from './mirror/db.ts';
import { rowStore } from './mirror/link-rows.ts';
import { applyToRead, provisionalRead, readView, rememberWriteOnly, sameValue, toServerFields } from './mirror/fields.ts';
import type { Fields, OutboxOp, ServerRow } from './mirror/rows.ts';
import { mergeRow } from './merge/three-way.ts';
import { classify, listingStop, type StopReason } from './outbox/classify.ts';
import { planReady } from './outbox/ordering.ts';
import { allTables, completeDelete, failure, settleWithError, type StepResult } from './push-settle.ts';
import { invalidatePartialListing, PAGE_SIZE } from './listing.ts';
import { carryLinkFields, createdFields, REPORTS_UNKNOWN_MESSAGE } from './link-carry.ts';
import { pullResource } from './pull.ts';
import { highestKnownLinkId, settleBulkAnswer } from './bulk-settle.ts';
import type { ResourceName } from './types.ts';

export type { StopReason };

export interface PushResult {
  /** Operations the service confirmed (or that needed no request). */
  completed: number;
  stoppedBy: StopReason | null;
  resetAt: number | null;
  /** The error that paused the workspace or took it offline. */
  stopError: string | null;
  /** Resources listed during this push (reconciliation or a cheaper-than-K-reads refresh). */
  pulled: ResourceName[];
  /** Bulk creates the service confirmed: their aliases come with the next links listing. */
  bulkCreated: number;
}

/**
 * How long a listing the push made stands in for reading each row of the backlog it was made for.
 * At 60 requests a minute, listing 100,000 links and writing 200 updates take about five minutes.
 */
export const FRESH_LISTING_MS = 10 * 60_000;

/** Requests of the push are interactive: they may use the reserve, but never go into a window main reports spent. */
function budgetStop(ctx: SyncContext): StepResult | null {
  if (ctx.rateWindow.available('interactive') > 0) return null;
  return { type: 'stop', reason: 'rate-limited', resetAt: ctx.rateWindow.window().resetAt, message: 'The rate-limit window is spent.' };
}

/**
 * An op left in `sending` can only belong to a sender that died: callers hold the sender lock.
 * A create may have reached the service (unknown); updates re-read and deletes treat 404 as done,
 * so those are safe to send again.
 */
export async function recoverOrphanedSends(ctx: SyncContext): Promise<number> {
  return ctx.db.transaction('rw', ctx.db.outbox, async () => {
    const sending = await ctx.db.outbox.where('state').equals('sending').toArray();
    for (const op of sending) {
      await ctx.db.outbox.put({
        ...op,
        state: op.kind === 'create' ? 'unknown' : 'pending',
        error: { kind: 'interrupted', message: 'The app stopped while this change was being sent.' },
      });
    }
    return sending.length;
  });
}

export async function push(ctx: SyncContext, options: { maxOps?: number } = {}): Promise<PushResult> {
  const result: PushResult = { completed: 0, stoppedBy: null, resetAt: null, stopError: null, pulled: [], bulkCreated: 0 };
  const fresh = new Set<ResourceName>();
  const stop = (step: Extract<StepResult, { type: 'stop' }>) => {
    result.stoppedBy = step.reason;
    result.resetAt = step.resetAt;
    result.stopError = step.message;
    return result;
  };
  const listFresh = async (resource: ResourceName, backlog: readonly OutboxOp[] = []): Promise<StepResult> => {
    try {
      await pullResource(ctx, resource, 'interactive');
      fresh.add(resource);
      ctx.freshListings?.set(resource, { at: ctx.clock.now(), opIds: new Set(backlog.map((op) => op.opId)) });
      result.pulled.push(resource);
      return { type: 'continue', completed: false };
    } catch (error) {
      // A full disk is no passing trouble of the listing: the cycle stops and says so.
      if (isQuotaError(error)) throw error;
      const stopped = listingStop(error);
      if (stopped) return { type: 'stop', ...stopped };
      // Anything else (a listing that kept changing, a 5xx): updates read one by one instead,
      // creates of unknown outcome stay unknown until a later listing.
      return { type: 'continue', completed: false };
    }
  };

  /** Whether a listing an earlier push made for this update's backlog still stands for its read. */
  const listedFor = (op: OutboxOp): boolean => {
    const listing = ctx.freshListings?.get(op.resource);
    return listing !== undefined && ctx.clock.now() - listing.at < FRESH_LISTING_MS && listing.opIds.has(op.opId);
  };
  /** Updates whose write went out after this push listed: the listing predates what they may have written. */
  const written = new Set<string>();
  const listingFor = (op: OutboxOp): ListingUse => ({
    stands: (fresh.has(op.resource) && !written.has(op.opId)) || listedFor(op),
    written() {
      written.add(op.opId);
      ctx.freshListings?.get(op.resource)?.opIds.delete(op.opId);
    },
  });

  await recoverOrphanedSends(ctx);
  // Creates of unknown outcome: one listing of their resource decides adopt / resend / ask.
  const unknown = await ctx.db.outbox.where('state').equals('unknown').toArray();
  for (const resource of new Set(unknown.filter((op) => op.kind === 'create').map((op) => op.resource))) {
    const step = await listFresh(resource);
    if (step.type === 'stop') return stop(step);
  }

  let economyChecked = false;
  // Guards against an op that keeps coming back ready without progress (edited while sending).
  const tries = new Map<string, number>();
  for (let steps = 0; steps < (options.maxOps ?? 10_000); steps++) {
    const ops = await ctx.db.outbox.toArray();
    const lookup = await loadServerIdLookup(
      ctx.db,
      ops.filter((op) => op.resource === 'links').map((op) => op.rowId),
    );
    const plan = planReady(ops, lookup, ctx.clock.now());
    for (const { op, missing } of plan.orphaned) {
      await ctx.db.outbox.update(op.seq!, {
        state: 'failed',
        error: { kind: 'dependency', message: `The ${missing.resource === 'domains' ? 'domain' : 'notification handler'} this change uses was removed.` },
      });
    }
    if (!economyChecked) {
      // Pushing K updates costs K writes plus min(K reads, one fresh listing).
      economyChecked = true;
      for (const resource of ROW_TABLES) {
        const updates = plan.ready.filter((op) => op.kind === 'update' && op.resource === resource);
        // The rest of a backlog the rate limit held back goes out on the listing made for it;
        // only the updates queued since count against a new one.
        const uncovered = updates.filter((op) => !listedFor(op));
        if (uncovered.length === 0) continue;
        const pages = Math.max(1, Math.ceil((await rowStore(ctx.db, resource).count()) / PAGE_SIZE));
        if (uncovered.length > pages) {
          const step = await listFresh(resource, updates);
          if (step.type === 'stop') return stop(step);
        }
      }
      continue; // re-plan: the listings may have changed what is ready
    }
    const op = plan.ready.find((candidate) => (tries.get(candidate.opId) ?? 0) < 5);
    if (!op) break;
    tries.set(op.opId, (tries.get(op.opId) ?? 0) + 1);
    const step = await sendOp(ctx, op, lookup, listingFor(op));
    if (step.type === 'stop') return stop(step);
    if (step.completed) invalidatePartialListing(ctx, op.resource, op.kind === 'update' ? (lookup(op.resource, op.rowId) ?? null) : null);
    // The service deletes a domain's links with it: a links listing taken before is stale.
    if (op.kind === 'delete' && op.resource === 'domains') {
      fresh.delete('links');
      ctx.freshListings?.delete('links');
      invalidatePartialListing(ctx, 'links', null);
    }
    if (step.completed) result.completed++;
    // The service chose a bulk create's aliases: only a listing after it shows them.
    if (step.completed && op.rows) {
      result.pulled = result.pulled.filter((resource) => resource !== 'links');
      result.bulkCreated++;
    }
  }
  return result;
}

/**
 * Marks the op `sending` only if nobody changed it since it was planned. For an update it also
 * records the values going out: if the outcome stays unknown, a later read that shows them is
 * recognised as this client's own write, not as someone else's change.
 */
async function markSending(ctx: SyncContext, op: OutboxOp, input?: Fields, extra: Partial<OutboxOp> = {}): Promise<boolean> {
  return ctx.db.transaction('rw', ctx.db.outbox, async () => {
    const current = await ctx.db.outbox.get(op.seq!);
    if (!current || current.state !== 'pending' || current.rev !== op.rev) return false;
    const sent = { ...current.sent };
    for (const [field, value] of Object.entries(input ?? {})) {
      const earlier = sent[field] ?? [];
      if (!earlier.some((item) => sameValue(item, value))) sent[field] = [...earlier, value];
    }
    await ctx.db.outbox.put({ ...current, ...extra, state: 'sending', sentAt: ctx.clock.now(), ...(input ? { sent } : {}) });
    return true;
  });
}

/**
 * Whether a listing stands in for an update's read, and how to say its write went out: from then
 * on the listing no longer shows the row as the service has it. Were a retry to merge against it
 * (say the write was applied but its answer lost, and the user then set the field back), it
 * would see no change of the user's and drop the edit.
 */
interface ListingUse {
  stands: boolean;
  written(): void;
}

async function sendOp(ctx: SyncContext, op: OutboxOp, lookup: ServerIdLookup, listing: ListingUse): Promise<StepResult> {
  switch (op.kind) {
    case 'create':
      return sendCreate(ctx, op, lookup);
    case 'update':
      return sendUpdate(ctx, op, lookup, listing);
    case 'delete':
      return sendDelete(ctx, op, lookup);
  }
}

async function sendCreate(ctx: SyncContext, op: OutboxOp, lookup: ServerIdLookup): Promise<StepResult> {
  const input = toServerFields(op.resource, op.fields, lookup);
  const spent = budgetStop(ctx);
  if (spent) return spent;
  const extra = op.rows ? { sentAfterId: await highestKnownLinkId(ctx.db) } : {};
  if (!(await markSending(ctx, op, undefined, extra))) return { type: 'continue', completed: false };
  let created: Created;
  try {
    created = await callResourceChecked(ctx, op.resource, 'create', { ...inWorkspace(ctx), input });
  } catch (error) {
    return failure(ctx, op, 'write', error);
  }
  if (op.rows) return { type: 'continue', ...(await settleBulkAnswer(ctx, op, input, created)) };
  const serverId = 'id' in created ? created.id : created.ids[0]!;
  const table = rowStore(ctx.db, op.resource);
  await ctx.db.transaction('rw', allTables(ctx), async () => {
    const row = await table.get(op.rowId);
    await ctx.db.outbox.delete(op.seq!);
    if (!row) return;
    // A listing cannot have added this server row meanwhile (pull and push share the sender
    // lock), but an adopted duplicate without pending work is dropped all the same.
    for (const duplicate of await table.withServerId(serverId)) {
      if (duplicate.clientId !== row.clientId && duplicate.local && Object.keys(duplicate.local).length === 0) await table.delete(duplicate.clientId);
    }
    const base = provisionalRead(op.resource, serverId, input, ctx.clock.now());
    await table.put({
      ...row,
      serverId,
      base,
      baseIsProvisional: true,
      missingCount: 0,
      writeOnly: rememberWriteOnly(op.resource, row.writeOnly, createdFields(op), base),
    });
    await refreshRowLocal(ctx.db, op.resource, row.clientId);
  });
  return { type: 'continue', completed: true };
}

async function sendUpdate(ctx: SyncContext, op: OutboxOp, lookup: ServerIdLookup, listing: ListingUse): Promise<StepResult> {
  const table = rowStore(ctx.db, op.resource);
  const row = await table.get(op.rowId);
  if (!row || row.serverId === null) return { type: 'continue', completed: false };
  const serverId = row.serverId;
  let remote: ServerRow | null;
  const listed = listing.stands && row.base !== null && !row.baseIsProvisional && row.missingCount === 0;
  if (listed) {
    remote = row.base; // listed moments ago for this push
  } else {
    const spent = budgetStop(ctx);
    if (spent) return spent;
    try {
      remote = await callResource(ctx, op.resource, 'get', { ...inWorkspace(ctx), id: serverId });
    } catch (error) {
      const outcome = classify('update', 'read', error);
      if (outcome.type !== 'conflict-deleted') return failure(ctx, op, 'read', error);
      remote = null;
    }
  }
  const patch = toServerFields(op.resource, op.fields, lookup);
  const decision = mergeRow({
    local: patch,
    base: op.base,
    remote: remote ? readView(op.resource, remote) : null,
    ours: op.sent,
    ...(op.asserted ? { asserted: op.asserted } : {}),
  });

  if (decision.type === 'send') {
    const input: Fields = { ...decision.fields };
    const sentRefs: Fields = { ...op.fields };
    let targetingAsRead = false;
    if (op.resource === 'links') {
      const carry = carryLinkFields(input, remote ? readView('links', remote) : {}, row.writeOnly, lookup);
      if (carry.type === 'wait') return { type: 'continue', completed: false };
      if (carry.type === 'reports-unknown') {
        await settleWithError(ctx, op, 'failed', { kind: 'reports-unknown', field: 'email_reports', message: REPORTS_UNKNOWN_MESSAGE }, remote);
        return { type: 'continue', completed: false };
      }
      Object.assign(input, carry.fields);
      Object.assign(sentRefs, carry.remembered);
      targetingAsRead = carry.targetingAsRead;
    }
    const spent = budgetStop(ctx);
    if (spent) return spent;
    if (!(await markSending(ctx, op, input))) return { type: 'continue', completed: false };
    listing.written();
    try {
      // The flag goes with the call only: what was sent (and is applied to the read) is the fields.
      const call = targetingAsRead ? { ...input, targeting_as_read: true } : input;
      await callResourceChecked(ctx, op.resource, 'update', { ...inWorkspace(ctx), id: serverId, input: call });
    } catch (error) {
      // Not read just before: a 404 means the row went after the listing, as a read would have said.
      if (listed && error instanceof CallError && error.kind === 'not-found') return failure(ctx, op, 'read', error);
      return failure(ctx, op, 'write', error, remote);
    }
    await ctx.db.transaction('rw', allTables(ctx), async () => {
      const current = await table.get(op.rowId);
      await ctx.db.outbox.delete(op.seq!);
      if (!current) return;
      const base = applyToRead(op.resource, remote!, input);
      await table.put({ ...current, base, baseIsProvisional: false, writeOnly: rememberWriteOnly(op.resource, current.writeOnly, sentRefs, base) });
      await rebaseLaterOps(ctx, op, base);
      await refreshRowLocal(ctx.db, op.resource, op.rowId);
    });
    return { type: 'continue', completed: true };
  }

  // No request to send: settle the op against what was read, unless the user changed it meanwhile.
  let completed = false;
  await ctx.db.transaction('rw', allTables(ctx), async () => {
    const current = await ctx.db.outbox.get(op.seq!);
    const currentRow = await table.get(op.rowId);
    if (remote && currentRow) await table.put({ ...currentRow, base: remote, baseIsProvisional: false });
    if (!current || current.rev !== op.rev || current.state !== 'pending') return;
    if (decision.type === 'nothing') {
      await ctx.db.outbox.delete(op.seq!);
      if (remote) await rebaseLaterOps(ctx, op, remote);
      completed = true;
    } else if (decision.type === 'conflict') {
      await ctx.db.outbox.put({ ...current, state: 'conflict', conflict: { type: 'fields', fields: decision.fields } });
    } else {
      await ctx.db.outbox.put({ ...current, state: 'conflict', conflict: { type: 'deleted' } });
    }
    await refreshRowLocal(ctx.db, op.resource, op.rowId);
  });
  return { type: 'continue', completed };
}

/**
 * After an update settled, later changes to the same row (queued behind it while it was on the
 * wire) take the confirmed values as their merge base: this client's own write is not a remote
 * change to them.
 */
async function rebaseLaterOps(ctx: SyncContext, settled: OutboxOp, confirmed: ServerRow): Promise<void> {
  const view = readView(settled.resource, confirmed);
  const later = (await ctx.db.outbox.where('rowId').equals(settled.rowId).toArray()).filter(
    (other) => (other.seq ?? 0) > (settled.seq ?? 0) && other.kind === 'update',
  );
  for (const other of later) {
    const base = { ...other.base };
    let changed = false;
    for (const field of Object.keys(settled.fields)) {
      if (Object.hasOwn(other.fields, field) && Object.hasOwn(view, field)) {
        base[field] = view[field];
        changed = true;
      }
    }
    if (changed) await ctx.db.outbox.put({ ...other, base });
  }
}

async function sendDelete(ctx: SyncContext, op: OutboxOp, lookup: ServerIdLookup): Promise<StepResult> {
  const serverId = lookup(op.resource, op.rowId);
  if (serverId === null || serverId === undefined) return { type: 'continue', completed: false };
  const spent = budgetStop(ctx);
  if (spent) return spent;
  if (!(await markSending(ctx, op))) return { type: 'continue', completed: false };
  try {
    await callResource(ctx, op.resource, 'delete', { ...inWorkspace(ctx), id: serverId });
  } catch (error) {
    return failure(ctx, op, 'write', error);
  }
  await completeDelete(ctx, op);
  return { type: 'continue', completed: true };
}
