// A listed page as it crosses from main to the window (#19): its rows as one JSON text with where
// each row ends, that text's hash, and — for a page of links — each link's head, the few fields the
// window's list and its pull's bookkeeping read as the page arrives. The window then neither
// decodes 1,000 full reads to list them nor serialises and hashes them again to store them: it
// stores the text (its rows are exactly JSON.parse(text)) and reads a full row from it only when
// one is asked for. Main makes it after it has cleaned the page of secrets (ipc/call-router.ts):
// the text is what the window keeps.
import type { ListEnvelope, ListMeta, Link } from './resources.ts';
import { pageText } from './page-text.ts';
import { textHash } from './page-hash.ts';

/**
 * What the links list shows of a read and the pull counts with it: a Link narrowed to these
 * fields (a full read is one). Never stored or sent back: the stored read is the page's text.
 */
export interface LinkHead {
  id: number;
  type: string;
  url: string;
  location_url: string;
  domain_id: number;
  clicks: number;
  start_date: string | null;
  end_date: string | null;
  is_enabled?: boolean | undefined;
  datetime: string;
  settings: { password: string | null; schedule?: boolean | undefined; clicks_limit?: number | null | undefined };
}

export interface ListedPage {
  meta: ListMeta;
  text: string;
  ends: number[];
  hash: string;
  /** Each row's head, in order, when every row is a link (type "link"); absent otherwise. */
  heads?: LinkHead[];
}

/** Whether a read is a link (real deployments list other products' rows with links). */
export const isLinkRead = (row: unknown): boolean => (row as { type?: unknown } | null)?.type === 'link';

export function linkHead(link: Link): LinkHead {
  const { settings } = link;
  const head: LinkHead = {
    id: link.id,
    type: link.type,
    url: link.url,
    location_url: link.location_url,
    domain_id: link.domain_id,
    clicks: link.clicks,
    start_date: link.start_date,
    end_date: link.end_date,
    datetime: link.datetime,
    settings: { password: settings.password },
  };
  // Absent stays absent: the list tells "not known" from "off" (link-fields.ts linkListView).
  if (link.is_enabled !== undefined) head.is_enabled = link.is_enabled;
  if ('schedule' in settings) head.settings.schedule = settings.schedule;
  if ('clicks_limit' in settings) head.settings.clicks_limit = settings.clicks_limit;
  return head;
}

/** A normalised page of reads as it crosses to the window. */
export function listedPage(envelope: ListEnvelope<unknown>): ListedPage {
  const rows = envelope.data;
  const { text, ends } = pageText(rows);
  const page: ListedPage = { meta: envelope.meta, text, ends, hash: textHash(text) };
  if (rows.every(isLinkRead)) page.heads = (rows as Link[]).map(linkHead);
  return page;
}

/**
 * Whether a value has a listed page's shape, its parts agreeing (one end per row, one head per
 * row, the last end at the closing bracket). Not the rows themselves: main normalised those.
 */
export function isListedPage(value: unknown): value is ListedPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<ListedPage>;
  if (typeof page.text !== 'string' || typeof page.hash !== 'string' || typeof page.meta !== 'object' || page.meta === null) return false;
  if (!Array.isArray(page.ends)) return false;
  const { ends, text } = page;
  const last = ends.length === 0 ? 1 : ends[ends.length - 1];
  if (last !== text.length - 1 || text[0] !== '[' || text[text.length - 1] !== ']') return false;
  return page.heads === undefined || (Array.isArray(page.heads) && page.heads.length === ends.length);
}
