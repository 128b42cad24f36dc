// Pull: one complete listing of a resource (listing.ts) applied to the mirror in one transaction.
// Creates of unknown outcome are reconciled against the same listing before any unmapped server
// row becomes a new mirror row. Click samples are taken in that transaction, on the rows it
// writes (mirror/click-samples.ts).
import type { Link, Priority } from '../../src-preload/contract/index.ts';
import { loadServerIdLookup, type SyncContext } from './context.ts';
import { listAll } from './listing.ts';
import { refreshRowLocal } from './local-edits.ts';
import { deleteClickSamplesOf, flushClickJournal } from './mirror/click-journal.ts';
import { withClickSample } from './mirror/click-samples.ts';
import { markPullTransaction, otherLinkWrites } from './mirror/row-feed.ts';
import { pageHashes, type ListingDigest } from './listing-digest.ts';
import { lastPullKey, ROW_TABLES, rowTable, type MirrorDb } from './mirror/db.ts';
import type { Table } from 'dexie';
import { forgetReadable, rememberWriteOnly, sameValue, toServerFields } from './mirror/fields.ts';
import type { ClickSample, Fields, MirrorRow, OutboxOp, ServerRow } from './mirror/rows.ts';
import { createdFields } from './link-carry.ts';
import { BULK_WINDOW_SLACK_MS, reconcile, reconcileBulk } from './reconcile.ts';
import { accountTimeZone } from './account.ts';
import { settleBulk } from './bulk-settle.ts';
import { bulkUrls } from './mirror/bulk-rows.ts';
import { MOST_CLICKED_KEY, rankMostClicked, type RankedLink } from './statistics/most-clicked.ts';
import type { ResourceName } from './types.ts';

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
  // Samples an older build journalled (and a crash left) become browsable even when this listing then fails (offline).
  if (resource === 'links') await flushClickJournal(ctx.db);
  const listing = await listAll(ctx, resource, priority);
  const result = await applyListing(ctx, resource, listing.rows, listing.pageRows);
  return { ...result, requests: listing.requests };
}

const isLinkRow = (resource: ResourceName, row: ServerRow) => resource !== 'links' || (row as Link).type === 'link';

/**
 * Applies one complete listing: reconcile, update bases, add new rows, count misses, sample clicks.
 * `pages` (links): the listing page by page, compared with the last pull's digest so that pages
 * unchanged since are neither read from the mirror nor compared row by row.
 */
export async function applyListing(
  ctx: SyncContext,
  resource: ResourceName,
  listed: ServerRow[],
  pages?: readonly (ServerRow[] | undefined)[],
): Promise<Omit<PullResult, 'requests'>> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const table = rowTable(db, resource);
  const out = { resource, listed: listed.length, added: 0, removed: 0, adopted: 0, resend: 0, ambiguous: 0 };
  const tables = [...ROW_TABLES.map((r) => rowTable(db, r)), db.outbox, db.clickSamples, db.otherLinks, db.syncState];
  const hashes = resource === 'links' && pages ? pageHashes(pages) : null;
  const previous = resource === 'links' ? ctx.linkListingDigest : null;
  if (resource === 'links') ctx.linkListingDigest = null;
  let digest: ListingDigest | null = null;
  await db.transaction('rw', tables, async () => {
    markPullTransaction();
    const lookup = await loadServerIdLookup(db);
    const rows = listed.filter((row) => isLinkRow(resource, row));
    // Rows on pages the last pull left exactly so (nothing else wrote links since): not read.
    const trusted = previous && hashes && previous.stamp === otherLinkWrites(db) ? previous : null;
    const unchanged = new Map<number, string>();
    const known = new Map<number, string>();
    if (trusted) {
      for (const [serverId, clientId] of trusted.others) known.set(serverId, clientId);
      trusted.pages.forEach((page, i) => {
        const same = page.hash !== '' && page.hash === hashes![i];
        page.serverIds.forEach((serverId, k) => {
          const clientId = page.clientIds[k]!;
          if (clientId === '') return; // held back from the mirror then
          known.set(serverId, clientId);
          if (same) unchanged.set(serverId, clientId);
        });
      });
    }
    const byServerId = new Map<number, MirrorRow>();
    if (trusted) {
      // Only rows of changed pages, and known rows the listing no longer has.
      const listedNow = new Set(rows.map((r) => r.id));
      const wanted: string[] = [];
      for (const row of rows) if (!unchanged.has(row.id) && known.has(row.id)) wanted.push(known.get(row.id)!);
      for (const [serverId, clientId] of known) if (!listedNow.has(serverId)) wanted.push(clientId);
      for (const row of await table.bulkGet(wanted)) if (row && row.serverId !== null) byServerId.set(row.serverId, row);
      // A row taken from the mirror since (a discarded create's row, say) would be a new row: read all instead.
      const gone = wanted.length - byServerId.size;
      if (gone !== 0) {
        unchanged.clear();
        known.clear();
        byServerId.clear();
      }
    }
    if (!trusted || (known.size === 0 && unchanged.size === 0)) {
      const mirror = await readInSlices(table);
      for (const row of mirror) if (row.serverId !== null) byServerId.set(row.serverId, row);
    }
    const isMapped = (serverId: number) => byServerId.has(serverId) || unchanged.has(serverId);

    // Reconcile creates whose outcome is open, oldest first, each server row adopted at most once.
    const open = (await db.outbox.where('[resource+state]').anyOf([resource, 'unknown'], [resource, 'conflict'], [resource, 'sending']).toArray())
      .filter((op) => op.kind === 'create' && (op.state !== 'conflict' || op.conflict?.type === 'ambiguous-create'))
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    const taken = new Set<number>();
    let listedById: Map<number, ServerRow> | undefined;
    const adoptedRows = new Map<number, MirrorRow>();
    const held = new Set<number>();
    for (const op of open) {
      const row = await table.get(op.rowId);
      if (!row) continue;
      // A reference whose row is gone (or has no server id now) matches no server row: the
      // create is then resent, and the push reports the lost dependency instead of the op
      // staying unknown for good.
      const created: Fields = toServerFields(resource, op.fields, (target, clientId) => lookup(target, clientId) ?? -1);
      const unmapped = rows.filter((s) => !isMapped(s.id) && !taken.has(s.id));
      if (op.rows) {
        // A bulk create: its links are found by destination and creation time (the service chose the aliases).
        const window = {
          afterId: op.sentAfterId ?? null,
          from: (op.sentAt ?? op.createdAt) - BULK_WINDOW_SLACK_MS,
          to: now + BULK_WINDOW_SLACK_MS,
          timeZone: accountTimeZone(db),
        };
        const found = reconcileBulk(created, bulkUrls(op), unmapped, window);
        if (op.state === 'sending') {
          for (const id of found) if (id !== null) held.add(id);
          continue;
        }
        listedById ??= new Map(rows.map((s) => [s.id, s]));
        const assigned = new Map<string, ServerRow>();
        found.forEach((id, i) => {
          if (id !== null) assigned.set(op.rows![i]!, listedById!.get(id)!);
        });
        await settleBulk(db, op, assigned, false);
        for (const [rowId, serverRow] of assigned) {
          taken.add(serverRow.id);
          const adopted = await table.get(rowId);
          if (!adopted) continue;
          byServerId.set(serverRow.id, adopted);
          adoptedRows.set(serverRow.id, adopted);
        }
        out.adopted += assigned.size;
        if (assigned.size < op.rows.length) out.resend++;
        continue;
      }
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
        const adopted: MirrorRow = {
          ...row,
          serverId: serverRow.id,
          base: serverRow,
          baseIsProvisional: false,
          missingCount: 0,
          writeOnly: rememberWriteOnly(resource, row.writeOnly, createdFields(op), serverRow),
        };
        await table.put(adopted);
        await refreshRowLocal(db, resource, row.clientId);
        byServerId.set(serverRow.id, adopted);
        adoptedRows.set(serverRow.id, adopted);
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

    // The mirror's rows by server id: adopted rows are read again (refreshRowLocal changed them);
    // the rest need no second read of the whole table.
    const current = byServerId;
    for (const [serverId, row] of adoptedRows) {
      const fresh = await table.get(row.clientId);
      if (fresh) current.set(serverId, fresh);
      else current.delete(serverId);
    }
    const listedIds = new Set(rows.map((r) => r.id));
    const puts: MirrorRow[] = [];
    const moved: ClickSample[] = [];
    const counts: RankedLink[] = [];
    /** Client id of each listed row now in the mirror: the digest's for the next pull. */
    const clientIdOf = new Map<number, string>();
    for (const serverRow of rows) {
      const same = unchanged.get(serverRow.id);
      if (same !== undefined && !current.has(serverRow.id)) {
        // As the last pull left it: base, misses and write-only memory unchanged, clicks too.
        clientIdOf.set(serverRow.id, same);
        if (resource === 'links') counts.push({ clientId: same, serverId: serverRow.id, clicks: (serverRow as Link).clicks });
        continue;
      }
      const existing = current.get(serverRow.id);
      if (held.has(serverRow.id) && !existing) continue;
      const writeOnly = existing ? forgetReadable(resource, existing.writeOnly, serverRow) : {};
      const row: MirrorRow = existing
        ? { ...existing, base: serverRow, baseIsProvisional: false, missingCount: 0, writeOnly }
        : {
            clientId: ctx.newId(),
            serverId: serverRow.id,
            base: serverRow,
            baseIsProvisional: false,
            local: {},
            writeOnly: {},
            deletedLocally: false,
            missingCount: 0,
            updatedAt: now,
          };
      if (!existing) out.added++;
      clientIdOf.set(serverRow.id, row.clientId);
      // Unchanged rows are not rewritten: fewer writes, and screens watching the mirror stay still.
      const changed = !existing || existing.missingCount !== 0 || existing.baseIsProvisional || !sameValue(existing.base, serverRow);
      let stored = row;
      if (resource === 'links') {
        const clicks = (serverRow as Link).clicks;
        const before = existing?.base && !existing.baseIsProvisional ? (existing.base as Link).clicks : null;
        // A new count is a changed base: the row is written anyway, and its sample with it.
        if (before !== clicks) {
          const sampled = withClickSample(row, now, clicks);
          stored = sampled.row;
          for (const sample of sampled.moved) moved.push(sample);
        }
        counts.push({ clientId: row.clientId, serverId: serverRow.id, clicks });
      }
      if (changed || Object.keys(writeOnly).length !== Object.keys(existing.writeOnly).length) puts.push(stored);
    }
    // A row disappears only after two complete listings without it, and never with pending work.
    const rowsWithOps = new Set((await db.outbox.toArray()).map((op: OutboxOp) => op.rowId));
    const removals: string[] = [];
    const others = new Map<number, string>();
    for (const row of current.values()) {
      if (listedIds.has(row.serverId!)) continue;
      const missingCount = row.missingCount + 1;
      if (missingCount >= 2 && !rowsWithOps.has(row.clientId)) removals.push(row.clientId);
      else {
        puts.push({ ...row, missingCount });
        others.set(row.serverId!, row.clientId);
      }
    }
    // In chunks, each issued when the last is stored: putting a row clones it on the main thread,
    // and 100,000 rows put at once were one task of seconds that input waited behind. The
    // transaction stays one (a chunk starts from the previous one's completion, never idle).
    for (let start = 0; start < puts.length; start += PUT_CHUNK) await table.bulkPut(puts.slice(start, start + PUT_CHUNK));
    await table.bulkDelete(removals);
    out.removed = removals.length;
    if (resource === 'links') {
      await db.clickSamples.bulkPut(moved);
      // What the statistics scheduler refreshes after pinned links (statistics/most-clicked.ts).
      await db.syncState.put({ key: MOST_CLICKED_KEY, value: rankMostClicked(counts) });
      for (const clientId of removals) await deleteClickSamples(db, clientId);
      await db.otherLinks.clear();
      await db.otherLinks.bulkPut(listed.filter((row) => !isLinkRow(resource, row)).map((row) => ({ id: row.id, row: row as Link, seenAt: now })));
    }
    await db.syncState.put({ key: lastPullKey(resource), value: now });
    if (hashes && pages) {
      const digestPages = pages.map((page, i) => {
        const linkRows = (page ?? []).filter((row) => isLinkRow(resource, row));
        const clientIds = linkRows.map((row) => clientIdOf.get(row.id));
        // A row held back (its create's outcome is open) is not in the mirror: the page is compared in full next time.
        const whole = page !== undefined && clientIds.every((id) => id !== undefined);
        return { hash: whole ? hashes[i]! : '', serverIds: linkRows.map((row) => row.id), clientIds: clientIds.map((id) => id ?? '') };
      });
      digest = { pages: digestPages, others, stamp: otherLinkWrites(db) };
    }
  });
  // Trusted from now, once committed, for as long as no other write to the links table lands.
  if (digest) ctx.linkListingDigest = digest;
  return out;
}

export async function deleteClickSamples(db: MirrorDb, clientId: string): Promise<void> {
  await deleteClickSamplesOf(db, clientId);
}

/** Rows per bulkPut of a pull: each chunk's cloning is one main-thread task. */
export const PUT_CHUNK = 2000;

/** Rows per read when a pull reads the whole mirror table. */
export const READ_SLICE = 5000;

/**
 * The whole table, read in slices of primary keys: 100,000 rows in one read are one long
 * main-thread task (about 300 ms in Chromium) that a keystroke in the list would wait behind;
 * slices let it in between.
 */
export async function readInSlices(table: Table<MirrorRow, string>, slice = READ_SLICE): Promise<MirrorRow[]> {
  const out: MirrorRow[] = [];
  let last: string | null = null;
  for (;;) {
    const chunk: MirrorRow[] = await (last === null ? table.orderBy(':id') : table.where(':id').above(last)).limit(slice).toArray();
    for (const row of chunk) out.push(row);
    if (chunk.length < slice) return out;
    last = chunk[chunk.length - 1]!.clientId;
  }
}
