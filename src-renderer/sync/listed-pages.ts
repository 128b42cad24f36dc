// A listed page's rows as a listing holds them until the pull applies it: decoded, or — for a page
// of links, which main hands over as its text and each link's head (contract/listed-page.ts) —
// their ids and the page's text, parsed only if the pull asks. A first pull's 100,000 decoded
// reads, held until its end, made its longest pauses for garbage collection (#19).
import { rowOfText, type Link, type PageText } from '../../src-preload/contract/index.ts';
import type { ServerRow } from './mirror/rows.ts';

/** A page of links (every row's type "link"), held as its ids and text: the pull counts its rows as links unread. */
export interface TextPage {
  ids: readonly number[];
  /** The page as listed: its rows are exactly JSON.parse(text.text). */
  text: PageText;
}

export type PageRows = ServerRow[] | TextPage;

export const isTextPage = (page: PageRows): page is TextPage => !Array.isArray(page);

export function idsOf(page: PageRows): readonly number[] {
  return isTextPage(page) ? page.ids : page.map((row) => row.id);
}

/** The page's rows (a text page's parsed from its text: a new copy each call). */
export function rowsOf(page: PageRows): ServerRow[] {
  return isTextPage(page) ? (JSON.parse(page.text.text) as ServerRow[]) : page;
}

/** Row `index` of the page (a text page's parsed alone from its text). */
export function rowAt(page: PageRows, index: number): ServerRow | undefined {
  if (!isTextPage(page)) return page[index];
  return index >= 0 && index < page.ids.length ? (rowOfText(page.text, index) as Link) : undefined;
}

/** The rows of every page, one per id: a later page's copy over an earlier one's (rows move while listing). */
export function dedupedRows(pages: readonly (PageRows | undefined)[]): ServerRow[] {
  const byId = new Map<number, ServerRow>();
  for (const page of pages) if (page) for (const row of rowsOf(page)) byId.set(row.id, row);
  return [...byId.values()];
}
