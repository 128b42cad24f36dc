// What the links list shows of a link row: its list view and the few parts of its read the list
// derives from (clicks, creation time, whether a password is set). The feed that keeps the list's
// index current (row-feed.ts) carries these, not rows: a first pull then holds, until its list
// shows, one small object per link rather than 100,000 decoded reads — holding those was the
// pull's longest pause for garbage collection (#19). In memory only; never stored or sent.
import type { Link, LinkHead } from '../../../src-preload/contract/index.ts';
import { linkRowListView } from './fields.ts';
import { linkListView } from './link-fields.ts';
import type { Fields, MirrorRow } from './rows.ts';

export interface LinkListRow {
  clientId: string;
  serverId: number | null;
  /** linkRowListView of the row: the read's list fields under write-only and local ones. */
  view: Fields;
  /** The read's click count (0 with no read). */
  clicks: number;
  /** The read's creation time; null with no read. */
  created: string | null;
  /** The read's password setting (a hash or null); undefined with no read. */
  password: unknown;
  updatedAt: number;
  deletedLocally: boolean;
}

export function linkListRow(row: MirrorRow<Link>): LinkListRow {
  return {
    clientId: row.clientId,
    serverId: row.serverId,
    view: linkRowListView(row),
    clicks: row.base?.clicks ?? 0,
    created: row.base?.datetime ?? null,
    password: row.base?.settings.password,
    updatedAt: row.updatedAt,
    deletedLocally: row.deletedLocally,
  };
}

/**
 * linkListRow of a row holding only this read, as a pull stores a listed link (link-rows.ts
 * syncedRow), from the read's head alone (a full read is one): a listed page's links cross from
 * main as heads (contract/listed-page.ts). link-list-row.test.ts holds it to linkListRow.
 */
export function listedLinkRow(clientId: string, link: LinkHead, updatedAt: number): LinkListRow {
  return {
    clientId,
    serverId: link.id,
    view: linkListView(link),
    clicks: link.clicks,
    created: link.datetime,
    password: link.settings.password,
    updatedAt,
    deletedLocally: false,
  };
}
