// Pull: a full listing of a resource at 1,000 per page (pages fetched concurrently within the
// budget), applied to the mirror in one transaction. Creates of unknown outcome are reconciled
// against the same listing before any unmapped server row becomes a new mirror row.
import { CallError, type Link, type ListEnvelope } from '../../src-preload/contract/index.ts';
import { BudgetExhaustedError, type Priority } from './budget.ts';
import { callResource, loadServerIdLookup, type SyncContext } from './context.ts';
import { refreshRowLocal } from './local-edits.ts';
import { Dexie } from 'dexie';
import { ROW_TABLES, rowTable, type MirrorDb } from './mirror/db.ts';
import { isRememberable, isWriteOnly, sameValue, toServerFields } from './mirror/fields.ts';
import type { ClickSample, Fields, MirrorRow, OutboxOp, ServerRow } from './mirror/rows.ts';
import { reconcile } from './reconcile.ts';
import type { ResourceName } from './types.ts';

export const PAGE_SIZE = 1000;
export const MAX_LISTING_RESTARTS = 3;
/** Rate-limit refusals one page of a user-priority listing waits out before the listing fails. */
const MAX_PAGE_REFUSALS = 50;

export class ListingUnstableError extends Error {
  constructor(resource: ResourceName) {
    super(`The ${resource} list kept changing while it was being read; it will be read again later.`);
    this.name = 'ListingUnstableError';
  }
}

export interface Listing {
  rows: ServerRow[];
  total: number;
  pages: number;
  restarts: number;
  /** List requests this listing cost, restarts included. */
  requests: number;
}

/** Reads every page; starts over when `total` changes mid-listing. Rows are deduped by id. */
export async function listAll(ctx: SyncContext, resource: ResourceName, priority: Priority = 'background'): Promise<Listing> {
  let requests = 0;
  const fetchPage = async (page: number): Promise<ListEnvelope<ServerRow>> => {
    for (let refusals = 0; ; refusals++) {
      // The user waits for user-priority listings; background ones give way instead of blocking.
      if (priority === 'user') await ctx.budget.take(priority);
      else if (!ctx.budget.tryTake(priority)) throw new BudgetExhaustedError(ctx.budget.window().resetAt);
      requests++;
      try {
        return (await callResource(ctx, resource, 'list', { page, resultsPerPage: PAGE_SIZE }, priority === 'user' ? 'interactive' : 'background')) as ListEnvelope<ServerRow>;
      } catch (error) {
        // A listing longer than one rate-limit window: the page waits for the window to reopen
        // (take() above) instead of the whole listing starting over, which would never end.
        if (priority === 'user' && error instanceof CallError && error.kind === 'rate-limited' && refusals < MAX_PAGE_REFUSALS) {
          ctx.budget.update({ remaining: 0, resetAt: error.data.resetAt ?? ctx.clock.now() + 60_000 });
          continue;
        }
        throw error;
      }
    }
  };
  for (let restarts = 0; restarts <= MAX_LISTING_RESTARTS; restarts++) {
    const first = await fetchPage(1);
    const total = first.meta.total;
    const pages = Math.max(first.meta.total_pages, Math.ceil(total / PAGE_SIZE), 1);
    const results: ServerRow[][] = [first.data];
    let changed = false;
    let failure: { error: unknown } | null = null;
    let next = 2;
    const worker = async () => {
      // Every worker stops at the first failure, so none is left running after listAll settles.
      while (!changed && !failure && next <= pages) {
        const page = next++;
        try {
          const answer = await fetchPage(page);
          if (answer.meta.total !== total) changed = true;
          results[page - 1] = answer.data;
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    const width = Math.max(1, Math.min(ctx.pageConcurrency, pages - 1, ctx.budget.available(priority)));
    await Promise.all(Array.from({ length: width }, worker));
    if (failure) throw (failure as { error: unknown }).error;
    if (changed) continue;
    const byId = new Map<number, ServerRow>();
    for (const row of results.flat()) byId.set(row.id, row);
    return { rows: [...byId.values()], total, pages, restarts, requests };
  }
  throw new ListingUnstableError(resource);
}

export interface PullResult {
  resource: ResourceName;
  listed: number;
  added: number;
  removed: number;
  adopted: number;
  resend: number;
  ambiguous: number;
  requests: number;
}

export async function pullResource(ctx: SyncContext, resource: ResourceName, priority: Priority = 'background'): Promise<PullResult> {
  const listing = await listAll(ctx, resource, priority);
  const result = await applyListing(ctx, resource, listing.rows);
  return { ...result, requests: listing.requests };
}

const isLinkRow = (resource: ResourceName, row: ServerRow) => resource !== 'links' || (row as Link).type === 'link';

/** Applies one complete listing: reconcile, update bases, add new rows, count misses, sample clicks. */
export async function applyListing(ctx: SyncContext, resource: ResourceName, listed: ServerRow[]): Promise<Omit<PullResult, 'requests'>> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const table = rowTable(db, resource);
  const out = { resource, listed: listed.length, added: 0, removed: 0, adopted: 0, resend: 0, ambiguous: 0 };
  const tables = [...ROW_TABLES.map((r) => rowTable(db, r)), db.outbox, db.clickSamples, db.otherLinks, db.syncState];
  await db.transaction('rw', tables, async () => {
    const lookup = await loadServerIdLookup(db);
    const rows = listed.filter((row) => isLinkRow(resource, row));
    const mirror = await table.toArray();
    const byServerId = new Map<number, MirrorRow>();
    for (const row of mirror) if (row.serverId !== null) byServerId.set(row.serverId, row);

    // Reconcile creates whose outcome is open, oldest first, each server row adopted at most once.
    const open = (await db.outbox.where('[resource+state]').anyOf([resource, 'unknown'], [resource, 'conflict'], [resource, 'sending']).toArray())
      .filter((op) => op.kind === 'create' && (op.state !== 'conflict' || op.conflict?.type === 'ambiguous-create'))
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    const taken = new Set<number>();
    const held = new Set<number>();
    for (const op of open) {
      const row = await table.get(op.rowId);
      if (!row) continue;
      // A reference whose row is gone (or has no server id now) matches no server row: the
      // create is then resent, and the push reports the lost dependency instead of the op
      // staying unknown for good.
      const created: Fields = toServerFields(resource, op.fields, (target, clientId) => lookup(target, clientId) ?? -1);
      const unmapped = rows.filter((s) => !byServerId.has(s.id) && !taken.has(s.id));
      const decision = reconcile(resource, created, unmapped);
      if (op.state === 'sending') {
        // Its sender may still be waiting for the answer (or died): the row it may have made
        // is not added as someone else's until the outcome is settled.
        if (decision.type === 'adopt') held.add(decision.serverId);
        if (decision.type === 'ask') for (const id of decision.candidates) held.add(id);
        continue;
      }
      if (decision.type === 'adopt') {
        const serverRow = rows.find((s) => s.id === decision.serverId)!;
        taken.add(serverRow.id);
        await db.outbox.delete(op.seq!);
        const adopted: MirrorRow = { ...row, serverId: serverRow.id, base: serverRow, baseIsProvisional: false, missingCount: 0, writeOnly: rememberWriteOnly(resource, row.writeOnly, op.fields, serverRow) };
        await table.put(adopted);
        await refreshRowLocal(db, resource, row.clientId);
        byServerId.set(serverRow.id, adopted);
        out.adopted++;
      } else if (decision.type === 'resend') {
        if (row.deletedLocally) {
          // Never reached the service and deleted since: nothing to send at all.
          for (const other of await db.outbox.where('rowId').equals(row.clientId).toArray()) await db.outbox.delete(other.seq!);
          await table.delete(row.clientId);
        } else {
          await db.outbox.put({ ...op, state: 'pending', conflict: null, notBefore: 0 });
        }
        out.resend++;
      } else {
        for (const id of decision.candidates) held.add(id);
        await db.outbox.put({ ...op, state: 'conflict', conflict: { type: 'ambiguous-create', candidates: decision.candidates } });
        out.ambiguous++;
      }
    }

    // Re-read rows: adoption above changed some.
    const current = new Map((await table.toArray()).filter((r) => r.serverId !== null).map((r) => [r.serverId!, r]));
    const listedIds = new Set(rows.map((r) => r.id));
    const puts: MirrorRow[] = [];
    const samples: ClickSample[] = [];
    for (const serverRow of rows) {
      const existing = current.get(serverRow.id);
      if (held.has(serverRow.id) && !existing) continue;
      const row: MirrorRow = existing
        ? { ...existing, base: serverRow, baseIsProvisional: false, missingCount: 0 }
        : {
            clientId: ctx.newId(), serverId: serverRow.id, base: serverRow, baseIsProvisional: false, local: {},
            writeOnly: {}, deletedLocally: false, missingCount: 0, updatedAt: now,
          };
      if (!existing) out.added++;
      // Unchanged rows are not rewritten: fewer writes, and screens watching the mirror stay still.
      if (!existing || existing.missingCount !== 0 || existing.baseIsProvisional || !sameValue(existing.base, serverRow)) puts.push(row);
      if (resource === 'links') {
        const clicks = (serverRow as Link).clicks;
        const before = existing?.base && !existing.baseIsProvisional ? (existing.base as Link).clicks : null;
        if (before !== clicks) samples.push({ clientId: row.clientId, serverId: serverRow.id, at: now, clicks });
      }
    }
    // A row disappears only after two complete listings without it, and never with pending work.
    const rowsWithOps = new Set((await db.outbox.toArray()).map((op: OutboxOp) => op.rowId));
    const removals: string[] = [];
    for (const row of current.values()) {
      if (listedIds.has(row.serverId!)) continue;
      const missingCount = row.missingCount + 1;
      if (missingCount >= 2 && !rowsWithOps.has(row.clientId)) removals.push(row.clientId);
      else puts.push({ ...row, missingCount });
    }
    await table.bulkPut(puts);
    await table.bulkDelete(removals);
    out.removed = removals.length;
    if (resource === 'links') {
      await db.clickSamples.bulkPut(samples);
      for (const clientId of removals) await deleteClickSamples(db, clientId);
      await db.otherLinks.clear();
      await db.otherLinks.bulkPut(listed.filter((row) => !isLinkRow(resource, row)).map((row) => ({ id: row.id, row: row as Link, seenAt: now })));
    }
    await db.syncState.put({ key: `lastPull:${resource}`, value: now });
  });
  return out;
}

/** The write-only fields of confirmed input, remembered on the row (files are not kept). */
export function rememberWriteOnly(resource: ResourceName, previous: Fields, sent: Fields, base: ServerRow | null): Fields {
  const out: Fields = { ...previous };
  for (const [field, value] of Object.entries(sent)) {
    if (value !== undefined && isWriteOnly(resource, field, base) && isRememberable(value)) out[field] = value;
  }
  return out;
}

export async function deleteClickSamples(db: MirrorDb, clientId: string): Promise<void> {
  await db.clickSamples.where('[clientId+at]').between([clientId, Dexie.minKey], [clientId, Dexie.maxKey]).delete();
}
