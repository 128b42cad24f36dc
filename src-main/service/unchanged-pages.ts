// Pages of a listing that go to the window as only their ids and click counts, because the window
// holds them exactly as listed (#19: a pull with nothing changed moves no rows across). The hash
// the window keeps of each page it stores (the contract's page-hash.ts) decides; and a page whose
// bytes are those main last read at that address, and hashed to what the window holds, is not
// even parsed again (parsing and normalising are most of main's time in a listing).
import { createHash } from 'node:crypto';
import { rowsHash, type ListEnvelope, type ListingPage, type UnchangedPage } from '../../src-preload/contract/index.ts';

/** What the window needs of a page it holds as listed. */
function summaryOf(hash: string, envelope: ListEnvelope<unknown>): UnchangedPage {
  const rows = envelope.data as { id?: unknown; clicks?: unknown }[];
  return {
    hash,
    meta: envelope.meta,
    ids: rows.map((row) => (typeof row.id === 'number' ? row.id : -1)),
    clicks: rows.map((row) => (typeof row.clicks === 'number' ? row.clicks : 0)),
  };
}

/** Pages remembered, at most: a summary is ~16 KB for 1,000 links. */
const MAX_REMEMBERED = 256;

/**
 * The bytes of an answer, as a short digest: native, and of the pieces as received (a page is
 * ~1 MB; joining them, or turning its text back into bytes, cost more than the digest).
 */
export function digestOf(body: readonly Uint8Array[] | string): string {
  const hash = createHash('sha1');
  if (typeof body === 'string') hash.update(body);
  else for (const chunk of body) hash.update(chunk);
  return hash.digest('base64');
}

/**
 * What main last read at each page address of one workspace: the digest of the answer's bytes and
 * what its rows hashed to. The same bytes give the same rows (the same normalising, in this
 * process), so a page whose bytes are the same and whose hash the window holds is unchanged.
 */
export class ReadPages {
  readonly #pages = new Map<string, { digest: string; summary: UnchangedPage }>();
  readonly #max: number;

  constructor(max = MAX_REMEMBERED) {
    this.#max = max;
  }

  /** The page's summary, when `digest` is that of the bytes last read at `address` and those hashed to `known`. */
  unchanged(address: string, digest: string, known: string): UnchangedPage | null {
    const read = this.#pages.get(address);
    return read && read.digest === digest && read.summary.hash === known ? read.summary : null;
  }

  /**
   * The page read at `address` (bytes `digest`), remembered, as handed over: only its ids and
   * click counts when its rows hash as `known`, the window's copy.
   */
  read(address: string, digest: string, page: number, envelope: ListEnvelope<unknown>, known: string): ListingPage {
    const summary = summaryOf(rowsHash(envelope.data), envelope);
    this.#pages.delete(address);
    this.#pages.set(address, { digest, summary });
    // The address read longest ago goes first.
    if (this.#pages.size > this.#max) this.#pages.delete(this.#pages.keys().next().value!);
    return summary.hash === known ? { page, unchanged: summary } : { page, envelope };
  }

  get size(): number {
    return this.#pages.size;
  }
}
