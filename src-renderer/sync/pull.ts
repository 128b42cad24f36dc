// Pull: one complete listing of a resource (listing.ts) applied to the mirror in one transaction.
// Creates of unknown outcome are reconciled against the same listing before any unmapped server
// row becomes a new mirror row. Click samples are taken in that transaction, on the rows it
// writes (mirror/click-samples.ts); a new link's first one when its page arrived, if its columns
// were written then (page-staging.ts).
import { isLinkRead, type Link, type PageText, type Priority, type UnchangedPage } from '../../src-preload/contract/index.ts';
import { loadServerIdLookup, type SyncContext } from './context.ts';
import { listAll, ListingUnstableError } from './listing.ts';
import { refreshRowLocal } from './local-edits.ts';
import { deleteClickSamplesOf, flushClickJournal } from './mirror/click-journal.ts';
import { withClickSample } from './mirror/click-samples.ts';
import { markPullTransaction } from './mirror/row-feed.ts';
import { pageHashes } from './listing-hash.ts';
import { lastPullKey, type MirrorDb } from './mirror/db.ts';
import type { Table } from 'dexie';
import {
  allRowScope,
  directoryUpdate,
  dropUnusedTexts,
  needsOwnRecord,
  syncedRow,
  pageDirectory,
  pageLinks,
  pageRecord,
  pageRows,
  readPageRecords,
  rowStore,
  storedTextIds,
  storedPageHashes,
  touchPages,
  type PageDirectory,
} from './mirror/link-rows.ts';
import { startPageStaging, type StagedText } from './page-staging.ts';
import { dedupedRows, idsOf, isTextPage, rowAt, rowsOf, type PageRows, type TextPage } from './listed-pages.ts';
import { linkListRow, listedLinkRow, type LinkListRow } from './mirror/link-list-row.ts';
import { forgetReadable, rememberWriteOnly, sameValue, toServerFields } from './mirror/fields.ts';
import type { ClickSample, Fields, LinkPageKeys, MirrorRow, OtherLinkRow, OutboxOp, RowClickSamples, ServerRow, StoredLinkPage } from './mirror/rows.ts';
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
  // Links: each page's text is written as it arrives, for the pull's transaction to name; the pages
  // the mirror holds as the listing begins decide what is written and what main need not send.
  const stored = resource === 'links' ? await pageDirectory(ctx.db) : undefined;
  const staging = stored ? startPageStaging(ctx, stored) : undefined;
  try {
    // Pages stored exactly as listed: main hands each over, listed the same, without its rows.
    const known = stored ? storedPageHashes(stored) : undefined;
    const listing = await listAll(ctx, resource, priority, staging?.onPage, known);
    const staged = await staging?.settled();
    // Only links pages are stored as listed (and so ever come back unchanged): any other listing has every row.
    if (resource !== 'links' && listing.unchanged.some((page) => page !== undefined)) throw new Error(`A ${resource} listing came without its rows`);
    const result =
      resource === 'links'
        ? await applyLinkListing(ctx, listing.pageRows, listing.pageHashes, listing.pageTexts, staged, listing.unchanged)
        : await applyListing(ctx, resource, listing.rows);
    return { ...result, requests: listing.requests };
  } catch (error) {
    await staging?.discard();
    throw error;
  }
}

/** Whether a listed row is one the mirror keeps as a row of `resource` (a links listing's rows of other types are kept apart, `otherLinks`). */
const isLinkRow = (resource: ResourceName, row: ServerRow) => resource !== 'links' || isLinkRead(row);

/** What reconciling the open creates against a listing left: rows it mapped, server rows held back. */
interface Reconciled {
  /** Server ids a create's sender may still be waiting on, or that an ambiguous create may own: not added as new rows. */
  held: Set<number>;
  /** Rows that took a server row now, as they are after it. */
  adopted: Map<number, MirrorRow>;
}

/**
 * Inside the pull's transaction: reconciles creates whose outcome is open, oldest first, each
 * server row adopted at most once, before any unmapped server row becomes a new mirror row.
 */
async function reconcileOpenCreates(
  ctx: SyncContext,
  resource: ResourceName,
  listedRows: () => readonly ServerRow[],
  isMapped: (serverId: number) => boolean,
  out: Omit<PullResult, 'requests'>,
): Promise<Reconciled> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const store = rowStore(db, resource);
  const lookup = await loadServerIdLookup(db);
  const open = (await db.outbox.where('[resource+state]').anyOf([resource, 'unknown'], [resource, 'conflict'], [resource, 'sending']).toArray())
    .filter((op) => op.kind === 'create' && (op.state !== 'conflict' || op.conflict?.type === 'ambiguous-create'))
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  // The listed rows themselves only when a create is to be matched against them (a text page's are parsed then).
  const rows = open.length > 0 ? listedRows() : [];
  const taken = new Set<number>();
  const held = new Set<number>();
  const adopted = new Map<number, MirrorRow>();
  let listedById: Map<number, ServerRow> | undefined;
  for (const op of open) {
    const row = await store.get(op.rowId);
    if (!row) continue;
    // A reference whose row is gone (or has no server id now) matches no server row: the
    // create is then resent, and the push reports the lost dependency instead of the op
    // staying unknown for good.
    const created: Fields = toServerFields(resource, op.fields, (target, clientId) => lookup(target, clientId) ?? -1);
    const unmapped = rows.filter((s) => !isMapped(s.id) && !taken.has(s.id) && !adopted.has(s.id));
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
        const fresh = await store.get(rowId);
        if (fresh) adopted.set(serverRow.id, fresh);
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
      await store.put({
        ...row,
        serverId: serverRow.id,
        base: serverRow,
        baseIsProvisional: false,
        missingCount: 0,
        writeOnly: rememberWriteOnly(resource, row.writeOnly, createdFields(op), serverRow),
      });
      await refreshRowLocal(db, resource, row.clientId);
      const fresh = await store.get(row.clientId);
      if (fresh) adopted.set(serverRow.id, fresh);
      out.adopted++;
    } else if (decision.type === 'resend') {
      if (row.deletedLocally) {
        // Never reached the service and deleted since: nothing to send at all.
        for (const other of await db.outbox.where('rowId').equals(row.clientId).toArray()) await db.outbox.delete(other.seq!);
        await store.delete(row.clientId);
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
  return { held, adopted };
}

/** The row with the listed copy as its base (a listed row is neither provisional nor missing). */
function withListedBase(resource: ResourceName, row: MirrorRow, serverRow: ServerRow): MirrorRow {
  return { ...row, base: serverRow, baseIsProvisional: false, missingCount: 0, writeOnly: forgetReadable(resource, row.writeOnly, serverRow) };
}

/**
 * Applies one complete listing: reconcile, update bases, add new rows, count misses. A row
 * disappears only after two complete listings without it, and never with pending work. (Links:
 * as one page, applyLinkListing.)
 */
export async function applyListing(ctx: SyncContext, resource: ResourceName, listed: ServerRow[]): Promise<Omit<PullResult, 'requests'>> {
  if (resource === 'links') return applyLinkListing(ctx, [listed]);
  const { db } = ctx;
  const now = ctx.clock.now();
  const table = db[resource] as unknown as Table<MirrorRow, string>;
  const out = { resource, listed: listed.length, added: 0, removed: 0, adopted: 0, resend: 0, ambiguous: 0 };
  await db.transaction('rw', [...allRowScope(db), db.outbox, db.clickSamples, db.syncState], async () => {
    const current = new Map<number, MirrorRow>();
    for (const row of await table.toArray()) if (row.serverId !== null) current.set(row.serverId, row);
    const { held, adopted } = await reconcileOpenCreates(
      ctx,
      resource,
      () => listed,
      (id) => current.has(id),
      out,
    );
    for (const [serverId, row] of adopted) current.set(serverId, row);
    const listedIds = new Set(listed.map((r) => r.id));
    const puts: MirrorRow[] = [];
    for (const serverRow of listed) {
      const existing = current.get(serverRow.id);
      if (held.has(serverRow.id) && !existing) continue;
      if (!existing) {
        out.added++;
        puts.push(syncedRow(ctx.newId(), serverRow, now));
        continue;
      }
      const row = withListedBase(resource, existing, serverRow);
      // Unchanged rows are not rewritten: fewer writes, and screens watching the mirror stay still.
      const changed = existing.missingCount !== 0 || existing.baseIsProvisional || !sameValue(existing.base, serverRow);
      if (changed || Object.keys(row.writeOnly).length !== Object.keys(existing.writeOnly).length) puts.push(row);
    }
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
    await db.syncState.put({ key: lastPullKey(resource), value: now });
  });
  return out;
}

/** Listed pages looked over between two breaths of the pull's transaction (~1 ms a page). */
const PAGES_PER_STEP = 25;
/** Pages stored naming columns written ahead, between two writes (~2 ms a page on a busy machine). */
const PAGES_PER_WRITE = 5;

/**
 * A links listing onto pages, in one transaction. A listed page whose text hashes as the stored
 * one, with none of its rows holding a record of their own, is left as it is: neither read nor
 * written (a second pull with nothing changed stores nothing). Every other listed page is stored
 * anew, its rows keeping their client ids and click samples (a new sample when the count moved);
 * a page of rows all new to the mirror whose columns were written with its text as it arrived
 * (page-staging.ts) is stored naming them, once each row is checked to be new still.
 * Rows with a record of their own take the listed base and keep the record only while they need
 * it (link-rows.ts needsOwnRecord); rows no longer listed move off the pages into records of
 * their own, counting the miss.
 * `pagesAsHanded`: the listing page by page; `hashes`: each page's text hash; `texts`: each page's
 * JSON where the listing kept it (a page stored as listed is that text); `staged`: pages whose
 * text was written ahead (page-staging.ts); `unchangedAsHanded`: pages main found as stored.
 */
export async function applyLinkListing(
  ctx: SyncContext,
  pagesAsHanded: readonly (PageRows | undefined)[],
  hashes: readonly string[] = pageHashes(pagesAsHanded.map((page) => page && rowsOf(page))),
  texts: readonly (PageText | undefined)[] = [],
  staged: ReadonlyMap<number, StagedText> = new Map(),
  unchangedAsHanded: readonly (UnchangedPage | undefined)[] = [],
): Promise<Omit<PullResult, 'requests'>> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const out = { resource: 'links' as const, listed: 0, added: 0, removed: 0, adopted: 0, resend: 0, ambiguous: 0 };
  await db.transaction('rw', [...allRowScope(db), db.outbox, db.clickSamples, db.otherLinks, db.syncState], async () => {
    const feed = markPullTransaction(db);
    const own = new Map<string, MirrorRow<Link>>();
    const ownByServer = new Map<number, MirrorRow<Link>>();
    const keepOwn = (row: MirrorRow<Link>) => {
      own.set(row.clientId, row);
      if (row.serverId !== null) ownByServer.set(row.serverId, row);
    };
    for (const row of await db.links.toArray()) keepOwn(row);
    const dir = await pageDirectory(db);
    const { pages, unchanged } = await withUnchangedRows(db, dir, own, ownByServer, pagesAsHanded, unchangedAsHanded);
    // A read of one small record: its answer comes as a task of its own, so the steps over every
    // listed row (~10 ms each at 100,000 links, twice that on a busy machine) are not one long task.
    const breathe = () => db.syncState.get(lastPullKey('links'));
    const listed = listedLinks(pages);
    /** The client id a page gives a server id, unless a record of its own says otherwise. */
    const paged = (serverId: number): string | undefined => {
      const clientId = dir.clientOf.get(serverId);
      if (clientId === undefined) return undefined;
      const ownRow = own.get(clientId);
      return ownRow && ownRow.serverId !== serverId ? undefined : clientId;
    };
    const { held, adopted } = await reconcileOpenCreates(ctx, 'links', listed.all, (id) => ownByServer.has(id) || paged(id) !== undefined, out);
    for (const row of adopted.values()) keepOwn(row as MirrorRow<Link>);

    // Which pages stay as stored, and which stored pages the rest need read (their rows' samples).
    const seen = new Set<number>();
    const keep: boolean[] = [];
    const wanted = new Set<number>();
    /** Each page's link ids, in order (read twice below: which pages stay, then each page's write). */
    const pageIds = pages.map(linkIdsOf);
    /** Whether the mirror has pages (not on a first pull): else no listed row is on one. */
    const anyPaged = dir.keys.size > 0;
    for (let i = 0; i < pages.length; i++) {
      if (i > 0 && i % PAGES_PER_STEP === 0) await breathe();
      const stored = dir.keys.get(i + 1);
      if (unchanged[i]) {
        // Listed as stored, with no row of it needing more (withUnchangedRows): left as it is.
        keep.push(true);
        for (const serverId of stored!.serverIds) seen.add(serverId);
        continue;
      }
      const ids = pageIds[i]!;
      const same =
        stored !== undefined &&
        hashes[i] !== '' &&
        stored.hash === hashes[i] &&
        !stored.clientIds.some((clientId) => own.has(clientId)) &&
        !stored.serverIds.some((serverId) => ownByServer.has(serverId)) &&
        !ids.some((id) => seen.has(id));
      keep.push(same);
      for (const id of ids) {
        if (!same && anyPaged && !seen.has(id)) {
          const clientId = paged(id);
          if (clientId !== undefined && !own.has(clientId)) wanted.add(dir.pageOf.get(clientId)!);
        }
        seen.add(id);
      }
    }
    // Every server id listed, the rows of pages left as stored included (what is seen, but for
    // rows whose last listed copy is of another type), and the click counts of those pages.
    const listedIds = seen; // the same set, by the name it has from here on (nothing reads `seen` again)
    for (const id of listed.others.keys()) listedIds.delete(id);
    const unchangedClicks = new Map<number, number>();
    for (const page of unchanged) {
      page?.ids.forEach((id, k) => {
        listedIds.add(id);
        unchangedClicks.set(id, page.clicks[k] ?? 0);
      });
    }
    out.listed = listedIds.size + listed.others.size;
    for (const [serverId, clientId] of dir.clientOf) if (!listedIds.has(serverId) && !own.has(clientId)) wanted.add(dir.pageOf.get(clientId)!);
    const before = new Map<string, MirrorRow<Link>>();
    for (const page of await readPageRecords(db, [...wanted])) {
      if (page) pageRows(page).forEach((row) => before.set(row.clientId, row));
    }

    const moved: ClickSample[] = [];
    /** Listed links with clicks: only those can rank (statistics/most-clicked.ts). */
    const counts: RankedLink[] = [];
    /** What the list's index is told once this commits (row-feed.ts). */
    const changedRows: LinkListRow[] = [];
    /** Samples each listed row of a stored page now carries, for its record of its own too. */
    const samplesOf = new Map<number, RowClickSamples | null>();
    const placed = new Set<number>();
    const dropped: string[] = [];
    let pagesChanged = false;
    let version = dir.version;
    // The directory readers find once this commits, changed as the pages are written.
    const nextDir = directoryUpdate(db, dir);
    // Texts written ahead that are still there (another writer's pull drops those no page names).
    const written = await storedTextIds(
      db,
      [...staged.values()].map((entry) => entry.id),
    );
    /** Texts the pages name once this transaction is done: every other one goes. */
    const named = new Set<string>();
    /** The page written ahead for page i, when it is still there and is this listing's page. */
    const aheadOf = (i: number): StagedText | undefined => {
      const ahead = staged.get(i);
      return ahead && pages[i] !== undefined && ahead.text === texts[i] && written.has(ahead.id) ? ahead : undefined;
    };
    /**
     * Columns built as the page arrived, when they still say what this transaction would: each
     * row is still new to the mirror (no record of its own, on no page, not listed before in
     * this listing) and is not held back for a create whose outcome is open.
     */
    const usable = (ahead: StagedText, ids: readonly number[]): ahead is StagedText & Required<Pick<StagedText, 'built' | 'shown'>> =>
      ahead.built !== undefined &&
      ahead.shown !== undefined &&
      ahead.built.clientIds.length === ids.length &&
      ids.every((id) => !placed.has(id)) &&
      (held.size === 0 || !ids.some((id) => held.has(id))) &&
      (ownByServer.size === 0 || !ids.some((id) => ownByServer.has(id))) &&
      (!anyPaged || ids.every((id) => paged(id) === undefined));
    // Pages stored naming columns written ahead: their small records are written a few pages at a time.
    const namingPages: StoredLinkPage[] = [];
    const namingKeys: LinkPageKeys[] = [];
    /** The batch of those records under way while the next batch's pages are looked over. */
    let writing: Promise<unknown> = Promise.resolve();
    const writeNaming = async () => {
      const before = writing;
      writing = Promise.all([db.linkPages.bulkPut(namingPages.splice(0)), db.linkPageKeys.bulkPut(namingKeys.splice(0))]);
      // Awaited with the next batch or at the end: the transaction fails with it either way.
      writing.catch(() => undefined);
      // The batch before was written while this one was built: waiting for it gives the page its
      // breath without leaving IndexedDB idle in between.
      await before;
    };
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i];
      const ids = pageIds[i]!;
      const ahead = keep[i] ? undefined : aheadOf(i);
      if (ahead && usable(ahead, ids)) {
        if (!pagesChanged) version = await touchPages(db);
        pagesChanged = true;
        const { clientIds, clicks } = ahead.built;
        const serverIds = ids.map((id, k) => {
          placed.add(id);
          if (clicks[k]! > 0) counts.push({ clientId: clientIds[k]!, serverId: id, clicks: clicks[k]! });
          changedRows.push(ahead.shown[k]!);
          return id;
        });
        out.added += serverIds.length;
        const keys = { id: i + 1, hash: hashes[i] ?? '', clientIds, serverIds, textId: ahead.id };
        namingPages.push({ id: i + 1, at: now, textId: ahead.id });
        namingKeys.push(keys);
        named.add(ahead.id);
        nextDir.replace(keys);
        if (namingPages.length === PAGES_PER_WRITE) await writeNaming();
        continue;
      }
      if (keep[i]) {
        const stored = dir.keys.get(i + 1)!;
        if (stored.textId !== undefined) named.add(stored.textId);
        stored.serverIds.forEach((serverId, k) => {
          placed.add(serverId);
          const clicks = listed.get(serverId)?.clicks ?? unchangedClicks.get(serverId) ?? 0;
          if (clicks > 0) counts.push({ clientId: stored.clientIds[k]!, serverId, clicks });
        });
        continue;
      }
      // The rows themselves (a text page's parsed from its text: its columns written ahead no longer do).
      const links = page ? (rowsOf(page) as Link[]).filter((row) => isLinkRow('links', row)) : [];
      const record = { id: i + 1, at: now, clientIds: [] as string[], samples: [] as (RowClickSamples | null)[], updated: [] as number[] };
      const stored: Link[] = [];
      let whole = page !== undefined;
      for (const serverRow of links) {
        if (placed.has(serverRow.id)) {
          whole = false; // listed twice (rows moved while listing): kept on its first page
          continue;
        }
        const ownRow = ownByServer.get(serverRow.id);
        const pagedId = paged(serverRow.id);
        // A copy a page still had under another client id (a create's row took its server id): one row stays.
        if (ownRow && pagedId !== undefined && pagedId !== ownRow.clientId && !own.has(pagedId)) dropped.push(pagedId);
        const clientId = ownRow?.clientId ?? pagedId;
        if (clientId === undefined && held.has(serverRow.id)) {
          whole = false; // its create's outcome is open: not in the mirror yet
          continue;
        }
        placed.add(serverRow.id);
        const previous = ownRow ?? (clientId === undefined ? undefined : before.get(clientId));
        const row = previous ? withListedBase('links', previous, serverRow) : syncedRow(ctx.newId(), serverRow, now);
        let samples = previous?.samples ?? null;
        const clicksBefore = previous?.base && !previous.baseIsProvisional ? (previous.base as Link).clicks : null;
        if (clicksBefore !== serverRow.clicks) {
          const sampled = withClickSample(row, now, serverRow.clicks);
          samples = sampled.row.samples ?? null;
          for (const sample of sampled.moved) moved.push(sample);
        }
        samplesOf.set(serverRow.id, samples);
        record.clientIds.push(row.clientId);
        stored.push(serverRow);
        record.samples.push(samples);
        record.updated.push(row.updatedAt);
        if (serverRow.clicks > 0) counts.push({ clientId: row.clientId, serverId: serverRow.id, clicks: serverRow.clicks });
        if (!previous) out.added++;
        if (!ownRow && (!previous || samples !== previous.samples || !sameValue(previous.base, serverRow)))
          changedRows.push(listedLinkRow(row.clientId, serverRow, row.updatedAt));
      }
      if (!pagesChanged) version = await touchPages(db);
      pagesChanged = true;
      // Stored exactly as listed (nothing left out or filtered): the listing's own text of the page,
      // named when it was written ahead, else written with the page.
      const asListed = whole && stored.length === idsOf(page!).length;
      const textId = asListed ? ahead?.id : undefined;
      if (textId === undefined) await db.linkPages.put(pageRecord(record, stored, asListed ? texts[i] : undefined));
      else {
        await db.linkPages.put({ ...record, textId });
        named.add(textId);
      }
      const keys = {
        id: i + 1,
        hash: whole ? (hashes[i] ?? '') : '',
        clientIds: record.clientIds,
        serverIds: stored.map((row) => row.id),
        ...(textId === undefined ? {} : { textId }),
      };
      await db.linkPageKeys.put(keys);
      nextDir.replace(keys);
    }
    await writeNaming();
    await writing;
    const beyond = [...dir.keys.keys()].filter((id) => id > pages.length);
    if (beyond.length > 0) {
      if (!pagesChanged) version = await touchPages(db);
      pagesChanged = true;
      await db.linkPages.bulkDelete(beyond);
      await db.linkPageKeys.bulkDelete(beyond);
      for (const id of beyond) nextDir.remove(id);
    }
    if (pagesChanged) nextDir.commit(version);
    await dropUnusedTexts(db, named);

    const rowsWithOps = new Set((await db.outbox.toArray()).map((op: OutboxOp) => op.rowId));
    const ownPuts: MirrorRow<Link>[] = [];
    const ownDeletes: string[] = [];
    const removals: string[] = [];
    for (const row of own.values()) {
      if (row.serverId === null) continue;
      const serverRow = listed.get(row.serverId);
      if (serverRow) {
        // Its page copy (stored above, or kept as it was) is the listed row with these samples.
        const samples = samplesOf.has(row.serverId) ? samplesOf.get(row.serverId)! : (row.samples ?? null);
        const next = { ...withListedBase('links', row, serverRow), ...(samples ? { samples } : {}) } as MirrorRow<Link>;
        if (!needsOwnRecord(next, rowsWithOps.has(row.clientId))) ownDeletes.push(row.clientId);
        else if (!sameValue(next, row)) ownPuts.push(next);
        if (!sameValue(next, row)) changedRows.push(linkListRow(next));
        continue;
      }
      const missingCount = row.missingCount + 1;
      if (missingCount >= 2 && !rowsWithOps.has(row.clientId)) removals.push(row.clientId);
      else {
        ownPuts.push({ ...row, missingCount });
        changedRows.push(linkListRow({ ...row, missingCount }));
      }
    }
    // Rows only on pages that this listing no longer has: off the pages, into records of their own.
    for (const [serverId, clientId] of dir.clientOf) {
      if (listedIds.has(serverId) || own.has(clientId)) continue;
      const row = before.get(clientId);
      if (!row) continue;
      const missed = { ...row, missingCount: 1 };
      ownPuts.push(missed);
      changedRows.push(linkListRow(missed));
    }
    await db.links.bulkPut(ownPuts);
    await db.links.bulkDelete([...ownDeletes, ...removals]);
    out.removed = removals.length;
    await db.clickSamples.bulkPut(moved);
    // What the statistics scheduler refreshes after pinned links (statistics/most-clicked.ts).
    await db.syncState.put({ key: MOST_CLICKED_KEY, value: rankMostClicked(counts) });
    for (const clientId of [...removals, ...dropped]) await deleteClickSamples(db, clientId);
    // Rows of other types on pages main found as stored are as they were: also on such a page read
    // back for a row of it (withUnchangedRows), as its stored text holds its links only.
    const otherKept = await keptOthers(db, unchangedAsHanded, (id) => !listed.has(id), now);
    await db.otherLinks.clear();
    await db.otherLinks.bulkPut([...otherKept, ...[...listed.others.values()].map((row) => ({ id: row.id, row, seenAt: now }))]);
    await db.syncState.put({ key: lastPullKey('links'), value: now });
    feed.report(changedRows, [...removals, ...dropped]);
  });
  return out;
}

/**
 * The listing with rows for every page the pull cannot leave as stored. A page main found listed
 * exactly as stored came without its rows; when a row of it has a record of its own now, or is
 * listed twice, its rows are read back from the stored text (which is that very listing: same
 * hash). A page stored anew since the listing began (another window's pull) no longer says what
 * was listed: the listing is read again.
 */
async function withUnchangedRows(
  db: MirrorDb,
  dir: PageDirectory,
  own: ReadonlyMap<string, MirrorRow<Link>>,
  ownByServer: ReadonlyMap<number, MirrorRow<Link>>,
  pages: readonly (PageRows | undefined)[],
  unchanged: readonly (UnchangedPage | undefined)[],
): Promise<{ pages: readonly (PageRows | undefined)[]; unchanged: readonly (UnchangedPage | undefined)[] }> {
  if (!unchanged.some((page) => page !== undefined)) return { pages, unchanged };
  const listings = new Map<number, number>();
  const count = (id: number) => listings.set(id, (listings.get(id) ?? 0) + 1);
  for (const page of pages) if (page) idsOf(page).forEach(count);
  for (const page of unchanged) page?.ids.forEach(count);
  const read: number[] = [];
  unchanged.forEach((page, i) => {
    if (!page) return;
    const stored = dir.keys.get(i + 1);
    if (!stored || stored.hash !== page.hash) throw new ListingUnstableError('links');
    const needsRows =
      stored.clientIds.some((clientId) => own.has(clientId)) ||
      stored.serverIds.some((serverId) => ownByServer.has(serverId)) ||
      page.ids.some((id) => listings.get(id)! > 1);
    if (needsRows) read.push(i);
  });
  if (read.length === 0) return { pages, unchanged };
  const withRows = [...pages];
  const stillUnchanged = [...unchanged];
  const records = await readPageRecords(
    db,
    read.map((i) => i + 1),
  );
  read.forEach((i, k) => {
    const record = records[k];
    if (!record) throw new ListingUnstableError('links');
    withRows[i] = pageLinks(record);
    stillUnchanged[i] = undefined;
  });
  return { pages: withRows, unchanged: stillUnchanged };
}

/** The rows of other types that pages main found as stored still list (`stillOther`: not listed as a link now), seen now. */
async function keptOthers(
  db: MirrorDb,
  unchanged: readonly (UnchangedPage | undefined)[],
  stillOther: (id: number) => boolean,
  now: number,
): Promise<OtherLinkRow[]> {
  if (!unchanged.some((page) => page !== undefined)) return [];
  const others = await db.otherLinks.toArray();
  if (others.length === 0) return [];
  const onUnchanged = new Set<number>();
  for (const page of unchanged) page?.ids.forEach((id) => onUnchanged.add(id));
  return others.filter((other) => onUnchanged.has(other.id) && stillOther(other.id)).map((other) => ({ ...other, seenAt: now }));
}

/** The server ids of a page's links, in order (a text page holds links only: listed-pages.ts). */
function linkIdsOf(page: PageRows | undefined): readonly number[] {
  if (!page) return [];
  return isTextPage(page) ? page.ids : page.filter((row) => isLinkRow('links', row)).map((row) => row.id);
}

/**
 * A links listing's rows by server id, one per id (a later page's copy over an earlier one's, as
 * listed-pages.ts dedupedRows): its links, and the rows of other types. A link on a text page is
 * parsed from the page's text only when asked for.
 */
function listedLinks(pages: readonly (PageRows | undefined)[]) {
  const decoded = new Map<number, Link>();
  const others = new Map<number, Link>();
  for (const page of pages) {
    if (!page) continue;
    if (isTextPage(page)) {
      // A later copy of a row stands (rows move while listing); a first pull's are text pages only.
      if (decoded.size > 0 || others.size > 0) {
        for (const id of page.ids) {
          decoded.delete(id);
          others.delete(id);
        }
      }
      continue;
    }
    for (const row of page) {
      if (isLinkRow('links', row)) {
        decoded.set(row.id, row as Link);
        others.delete(row.id);
      } else {
        others.set(row.id, row as Link);
        decoded.delete(row.id);
      }
    }
  }
  // Where each link of a text page was last listed: only when a row is asked for (a first pull
  // asks for none, and 100,000 map entries are a few tens of ms).
  let onTextPage: Map<number, TextPage> | undefined;
  const textPageOf = (id: number): TextPage | undefined => {
    if (!onTextPage) {
      onTextPage = new Map();
      for (const page of pages) {
        if (!page) continue;
        if (isTextPage(page)) for (const id of page.ids) onTextPage.set(id, page);
        else for (const row of page) onTextPage.delete(row.id);
      }
    }
    return onTextPage.get(id);
  };
  let all: Link[] | undefined;
  return {
    has: (id: number) => decoded.has(id) || textPageOf(id) !== undefined,
    get(id: number): Link | undefined {
      const row = decoded.get(id);
      if (row) return row;
      const page = textPageOf(id);
      return page && (rowAt(page, page.ids.indexOf(id)) as Link | undefined);
    },
    /** Every listed link, in the listing's order. */
    all: (): readonly Link[] => (all ??= dedupedRows(pages).filter((row) => isLinkRow('links', row)) as Link[]),
    /** Rows of other types, by id: each id whose last listed copy is not a link. */
    others: others as ReadonlyMap<number, Link>,
  };
}

export async function deleteClickSamples(db: MirrorDb, clientId: string): Promise<void> {
  await deleteClickSamplesOf(db, clientId);
}
