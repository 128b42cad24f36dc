// Pages written as a links listing brings them (#19): each page's text, and — when its rows are
// all new to the mirror (a first pull; pages added since) — its columns too, built in the
// listing's tasks while the rest of the pages are still on the wire. The pull's one transaction
// then names them instead of building and writing 100,000 rows' worth at the end, while the list
// waits. Nothing here is seen by a reader until that transaction commits; what it never names is
// dropped (link-rows.ts). Such a page's rows are held as the list shows them (link-list-row.ts),
// made from the heads main sends with the page (contract/listed-page.ts).
import { headAt, type LinkHeads, type PageText } from '../../src-preload/contract/index.ts';
import type { SyncContext } from './context.ts';
import type { OnListedPage } from './listing.ts';
import { isQuotaError } from './mirror/db.ts';
import { stagePageText, type NewRowColumns, type PageDirectory } from './mirror/link-rows.ts';
import { listedLinkRow, type LinkListRow } from './mirror/link-list-row.ts';

/** A page written ahead: the text the listing made, under the id it was written as. */
export interface StagedText {
  id: string;
  text: PageText;
  /**
   * The page's columns, written with the text, when every row was new to the mirror as the
   * listing began: a new client id each, first stored now. The pull uses them only if that
   * still holds in its transaction.
   */
  built?: NewRowColumns;
  /** With `built`: each row as the list shows it once stored so (what the pull tells the list's index). */
  shown?: LinkListRow[];
}

export interface PageStaging {
  onPage: OnListedPage;
  /**
   * Once every write under way has ended: the pages whose text is written, by 0-based index.
   * Rejects with a write's quota error (the disk is full).
   */
  settled(): Promise<ReadonlyMap<number, StagedText>>;
  /**
   * The listing or its transaction failed: its texts go now (what a crash leaves, the next pull
   * drops). Rejects only with a quota error.
   */
  discard(): Promise<void>;
}

/** Staging for a listing of links; `stored`: the pages the mirror holds as it begins (pageDirectory). */
export function startPageStaging(ctx: SyncContext, stored: PageDirectory): PageStaging {
  const { db } = ctx;
  const listingId = ctx.newId();
  const staged = new Map<number, StagedText>();
  /** Each write's failure, if it failed (kept, not thrown: nothing awaits them until settled). */
  const writes: Promise<unknown>[] = [];
  const ids = new Set<string>();
  return {
    onPage(index, text, hash, heads) {
      // Listed exactly as stored: the pull leaves that page as it is, so nothing to write.
      if (stored.keys.get(index + 1)?.hash === hash) {
        staged.delete(index);
        return;
      }
      const built = heads && newRowColumns(ctx, stored, heads);
      const shown = built && built.clientIds.map((clientId, k) => listedLinkRow(clientId, headAt(heads!, k), built.at));
      const entry: StagedText = { id: `${listingId}/${index + 1}`, text, ...(built ? { built, shown } : {}) };
      ids.add(entry.id);
      // A restart reads the page again: the latest text is the one named (writes land in order).
      staged.set(index, entry);
      writes.push(
        stagePageText(db, entry.id, text, built).then(
          () => undefined,
          (error: unknown) => {
            // Not written: the pull stores this page's text with the page instead.
            if (staged.get(index) === entry) staged.delete(index);
            return error;
          },
        ),
      );
    },
    async settled() {
      // A full disk is the user's to hear of (and the pull's own writes would fail on it too).
      const full = (await Promise.all(writes)).find(isQuotaError);
      if (full) throw full;
      return staged;
    },
    async discard() {
      await Promise.all(writes);
      if (ids.size === 0) return;
      await db.pageTexts.bulkDelete([...ids]).catch((error: unknown) => {
        // Left for the next pull to drop; a full disk is still the user's to hear of.
        if (isQuotaError(error)) throw error;
      });
    },
  };
}

/**
 * A page of links' columns as the pull would store them if every link is new to the mirror's pages
 * (none listed twice on it); undefined otherwise, and the pull builds the page itself. Rows of
 * their own are not known here: the pull checks them.
 */
function newRowColumns(ctx: SyncContext, stored: PageDirectory, heads: LinkHeads): NewRowColumns | undefined {
  const seen = new Set<number>();
  for (const id of heads.id) {
    if (stored.clientOf.has(id) || seen.has(id)) return undefined;
    seen.add(id);
  }
  return { clientIds: heads.id.map(() => ctx.newId()), at: ctx.clock.now(), clicks: heads.clicks };
}
