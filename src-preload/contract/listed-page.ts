// A listed page as it crosses from main to the window (#19): its rows as one JSON text with where
// each row ends, that text's hash, and — for a page of links — its links' heads, the few fields the
// window's list and its pull's bookkeeping read as the page arrives (as columns). The window then neither
// decodes 1,000 full reads to list them nor serialises and hashes them again to store them: it
// stores the text (its rows are exactly JSON.parse(text)) and reads a full row from it only when
// one is asked for. Main makes it of rows cleaned of secrets (ipc/listing-answer.ts), and nothing
// changes it after: the text is what the window keeps.
import type { ListEnvelope, ListMeta, Link } from './resources.ts';
import { pageText } from './page-text.ts';
import { textHash } from './page-hash.ts';

/**
 * What the links list shows of a read and the pull counts with it: a Link narrowed to these
 * fields (a full read is one). Never stored or sent back: the stored read is the page's text.
 */
export interface LinkHead {
  id: number;
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

/**
 * A page's link heads as columns, one entry per row: as JSON a third of the same heads as objects,
 * and parsed in a fifth of the time. Where a read may leave a field out, `false` (or null for a
 * flag) says it did: the list tells "not known" from "off" (link-fields.ts linkListView).
 */
export interface LinkHeads {
  id: number[];
  url: string[];
  location_url: string[];
  domain_id: number[];
  clicks: number[];
  start_date: (string | null)[];
  end_date: (string | null)[];
  /** null: the read does not say. */
  is_enabled: (boolean | null)[];
  datetime: string[];
  password: (string | null)[];
  /** null: the read's settings do not say. */
  schedule: (boolean | null)[];
  /** false: the read's settings have no clicks_limit (null is "no limit"). */
  clicks_limit: (number | null | false)[];
}

export interface ListedPage {
  meta: ListMeta;
  text: string;
  ends: number[];
  hash: string;
  /** The rows' heads, in order, when every row is a link (type "link"); absent otherwise. */
  heads?: LinkHeads;
}

/** Whether a read is a link (real deployments list other products' rows with links). */
export const isLinkRead = (row: unknown): boolean => (row as { type?: unknown } | null)?.type === 'link';

export function linkHeads(links: readonly Link[]): LinkHeads {
  const heads: LinkHeads = {
    id: [],
    url: [],
    location_url: [],
    domain_id: [],
    clicks: [],
    start_date: [],
    end_date: [],
    is_enabled: [],
    datetime: [],
    password: [],
    schedule: [],
    clicks_limit: [],
  };
  for (const link of links) {
    const { settings } = link;
    heads.id.push(link.id);
    heads.url.push(link.url);
    heads.location_url.push(link.location_url);
    heads.domain_id.push(link.domain_id);
    heads.clicks.push(link.clicks);
    heads.start_date.push(link.start_date);
    heads.end_date.push(link.end_date);
    heads.is_enabled.push(link.is_enabled ?? null);
    heads.datetime.push(link.datetime);
    heads.password.push(settings.password);
    heads.schedule.push(settings.schedule ?? null);
    heads.clicks_limit.push('clicks_limit' in settings ? (settings.clicks_limit ?? null) : false);
  }
  return heads;
}

/** Row `i`'s head. */
export function headAt(heads: LinkHeads, i: number): LinkHead {
  const settings: LinkHead['settings'] = { password: heads.password[i]! };
  const schedule = heads.schedule[i];
  if (schedule !== null && schedule !== undefined) settings.schedule = schedule;
  const limit = heads.clicks_limit[i];
  if (limit !== false && limit !== undefined) settings.clicks_limit = limit;
  const head: LinkHead = {
    id: heads.id[i]!,
    url: heads.url[i]!,
    location_url: heads.location_url[i]!,
    domain_id: heads.domain_id[i]!,
    clicks: heads.clicks[i]!,
    start_date: heads.start_date[i]!,
    end_date: heads.end_date[i]!,
    datetime: heads.datetime[i]!,
    settings,
  };
  const enabled = heads.is_enabled[i];
  if (enabled !== null && enabled !== undefined) head.is_enabled = enabled;
  return head;
}

/** One read's head (as a page's heads make it). */
export const linkHead = (link: Link): LinkHead => headAt(linkHeads([link]), 0);

/** A normalised page of reads as it crosses to the window. */
export function listedPage(envelope: ListEnvelope<unknown>): ListedPage {
  const rows = envelope.data;
  const { text, ends } = pageText(rows);
  const page: ListedPage = { meta: envelope.meta, text, ends, hash: textHash(text) };
  if (rows.every(isLinkRead)) page.heads = linkHeads(rows as Link[]);
  return page;
}

const HEAD_COLUMNS = Object.keys(linkHeads([])) as (keyof LinkHeads)[];

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
  if (page.heads === undefined) return true;
  const heads = page.heads as unknown as Record<string, unknown> | null;
  return typeof heads === 'object' && heads !== null && HEAD_COLUMNS.every((column) => Array.isArray(heads[column]) && heads[column].length === ends.length);
}
