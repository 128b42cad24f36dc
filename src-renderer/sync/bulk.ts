// Bulk link creates: many destinations with shared settings become ONE outbox operation and, when
// it goes out, one request in the service's bulk mode (`is_bulk` + `location_urls`, one URL per
// line); the service picks the aliases. Each destination has a provisional row in the mirror
// (`bulkOp` names the op) until the service's ids, or a listing when the answer was lost, map it.
import { BULK_CREATE_MAX_LINKS, BULK_LOCATION_URLS_MAX_CHARS, type Link } from '../../src-preload/contract/index.ts';
import { EditError } from './edit-errors.ts';
import { checkRefs, inEditTransaction, newOp, type EditContext } from './local-edits.ts';
import { bulkRowFields, bulkUrls } from './mirror/bulk-rows.ts';
import { allRowScope, linkRows } from './mirror/link-rows.ts';
import type { Fields, MirrorRow, OutboxOp } from './mirror/rows.ts';
import { validateEdit } from './validate-input.ts';

/** Fields a batch cannot share: each link's destination is its own, and its alias is the service's. */
const PER_LINK_FIELDS = ['url', 'location_url', 'location_urls', 'is_bulk'] as const;

/**
 * Destinations split into batches the service takes in one request each: at most
 * BULK_CREATE_MAX_LINKS lines and BULK_LOCATION_URLS_MAX_CHARS characters.
 */
export function chunkDestinations(urls: readonly string[], maxLinks = BULK_CREATE_MAX_LINKS, maxChars = BULK_LOCATION_URLS_MAX_CHARS): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const url of urls) {
    const cost = url.length + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && (current.length >= maxLinks || chars + cost > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    chars += current.length > 0 ? url.length + 1 : url.length;
    current.push(url);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface BulkCreated {
  /** The new rows' client ids, in the order of the destinations. */
  rowIds: string[];
  /** One outbox operation per request the batch needs. */
  opIds: string[];
}

/**
 * Queues links for `destinations` that share `shared` (domain, UTM, reports, schedule, expiry, …):
 * rows and operations in one transaction, online or not. Aliases come from the service.
 */
export async function createBulkLinks(ctx: EditContext, destinations: readonly string[], shared: Fields = {}): Promise<BulkCreated> {
  for (const field of PER_LINK_FIELDS) {
    if (shared[field] !== undefined)
      throw new EditError('invalid-input', `${field} is not shared by a batch: each link has its own destination, and its alias comes from the service.`);
  }
  const urls = destinations.map((url) => (typeof url === 'string' ? url.trim() : '')).filter((url) => url !== '');
  if (urls.length === 0) throw new EditError('invalid-input', 'Enter at least one destination URL.');
  const batches = chunkDestinations(urls).map((chunk) => validateEdit('links', 'create', { ...shared, is_bulk: true, location_urls: chunk.join('\n') }));
  const now = ctx.clock.now();
  const out: BulkCreated = { rowIds: [], opIds: [] };
  const db = ctx.db;
  await inEditTransaction(db, [...allRowScope(db), db.outbox], async () => {
    await checkRefs(db, 'links', batches[0]!);
    for (const fields of batches) {
      const op: OutboxOp = { ...newOp(ctx, 'links', '', 'create', fields, {}), createdAt: now };
      op.rows = bulkUrls({ fields }).map(() => ctx.newId());
      op.rowId = op.rows![0]!;
      const rows: MirrorRow<Link>[] = op.rows!.map((clientId) => ({
        clientId,
        serverId: null,
        base: null,
        baseIsProvisional: false,
        local: bulkRowFields(op, clientId),
        writeOnly: {},
        deletedLocally: false,
        missingCount: 0,
        updatedAt: now,
        bulkOp: op.opId,
      }));
      await linkRows(db).bulkAdd(rows);
      await db.outbox.add(op);
      for (const rowId of op.rows!) out.rowIds.push(rowId);
      out.opIds.push(op.opId);
    }
  });
  ctx.onChange?.();
  return out;
}
