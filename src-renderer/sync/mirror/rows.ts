// Row and operation types stored in the mirror. A row keeps the server's last-seen copy (`base`)
// apart from the user's pending changes (`local`); screens show base + remembered write-only
// values + pending changes (see `rowView` in fields.ts).
import type { Domain, Handler, Link } from '../../../src-preload/contract/index.ts';
import type { OpKind, OpState, ResourceName } from '../types.ts';

export type ServerRow = Link | Domain | Handler;
export interface ServerRowOf {
  links: Link;
  domains: Domain;
  handlers: Handler;
}

/** Field values in the service's input naming; references (domain_id, email_reports) hold Refs. */
export type Fields = Record<string, unknown>;

export interface MirrorRow<S extends ServerRow = ServerRow> {
  clientId: string;
  /** Null until the service confirmed a create; indexed (IndexedDB leaves null out of the index). */
  serverId: number | null;
  /** The server's last-seen copy; synthesized from the create input until a pull replaces it. */
  base: S | null;
  baseIsProvisional: boolean;
  /** Pending changes: the fields of this row's outbox operations, oldest first. */
  local: Fields;
  /** Write-only fields (absent from the read shape) as last confirmed by the service. */
  writeOnly: Fields;
  deletedLocally: boolean;
  /** Complete listings in a row that did not contain this row. */
  missingCount: number;
  updatedAt: number;
  /**
   * A link made by a bulk create not yet confirmed: the op id of that create (one op for the whole
   * batch, see bulk.ts). Its alias comes from the service, so it has none until then.
   */
  bulkOp?: string;
  /** Links: recent click samples (mirror/click-samples.ts), written with the row by the pull that took them. */
  samples?: RowClickSamples;
}

/** Click samples as two columns, oldest first. */
export interface RowClickSamples {
  at: number[];
  clicks: number[];
}

export type FieldConflict = { field: string; base: unknown; mine: unknown; theirs: unknown };

export type ConflictInfo =
  | { type: 'fields'; fields: FieldConflict[] }
  /** The row was deleted on the server while it had local edits: recreate or discard. */
  | { type: 'deleted' }
  /** A create of unknown outcome matches several server rows: the user picks one or creates anew. */
  | { type: 'ambiguous-create'; candidates: number[] };

export interface OpError {
  kind: string;
  message: string;
  status?: number;
  field?: string;
}

export interface OutboxOp {
  /** Auto-increment: the global order edits were made in. */
  seq?: number;
  opId: string;
  resource: ResourceName;
  rowId: string;
  kind: OpKind;
  /** Create: the whole input; update: changed fields; delete: empty. Refs stay client-side. */
  fields: Fields;
  /**
   * A bulk link create (`is_bulk`): the client ids of its rows, in the order of `location_urls`'s
   * lines. `rowId` is the first of them.
   */
  rows?: string[];
  /**
   * A bulk link create: the highest link id the mirror knew when it was last sent, after a
   * complete listing (null: none yet). The service numbers links in order, so the links that send
   * made have higher ids: a window on the service's own clock, which no skew of this one shifts.
   */
  sentAfterId?: number | null;
  /** Update: the readable server values of the changed fields when the user first changed them. */
  base: Fields;
  /**
   * Update: fields the user set to the very value the mirror showed (an explicit command, such as
   * Disable on a selection that showed some links disabled already). Equal to the base, they are
   * still the user's change: should the service hold another value by now, that is a conflict,
   * not a change of no one's to keep quietly.
   */
  asserted?: string[];
  state: OpState;
  /**
   * Update: values of earlier attempts that may have been applied (timeout, 5xx, crash), per
   * field. Finding one of them on the service is not someone else's change.
   */
  sent?: Record<string, unknown[]>;
  /** Bumped whenever fields change, so a sender notices an edit made while it was reading. */
  rev: number;
  attempts: number;
  notBefore: number;
  error: OpError | null;
  conflict: ConflictInfo | null;
  createdAt: number;
  sentAt: number | null;
}

/** Links whose `type` is not `link`: other products' rows, kept apart and read-only. */
export interface OtherLinkRow {
  id: number;
  row: Link;
  seenAt: number;
}

export interface ClickSample {
  clientId: string;
  serverId: number;
  /** Epoch ms of the pull that saw this count. */
  at: number;
  clicks: number;
}

export interface SyncStateEntry {
  key: string;
  value: unknown;
}

/** One listed page of links as the pull stored it: the service's rows, as listed. */
export interface LinkPage {
  /** The listing's page number (1-based). */
  id: number;
  /** When the pull that stored it ran. */
  at: number;
  /** Each row's updatedAt: when a pull first stored it, or its record of its own was last written. */
  updated: number[];
  clientIds: string[];
  /**
   * The rows as JSON text: IndexedDB stores one string of a page several times faster than its 1,000 objects,
   * and reading it back costs about the same. Read through link-rows.ts `pageLinks`.
   */
  text?: string;
  /** Where each row's JSON ends in `text` (mirror/page-text.ts): one row is read without the rest. */
  ends?: number[];
  /**
   * The `pageTexts` record holding `text` and `ends` instead (written as the listing brought the
   * page, before the pull's transaction): link-rows.ts reads it in with the page.
   */
  textId?: string;
  /** The rows as objects: how pages stored before the text were kept (read as they are). */
  rows?: Link[];
  /** Each row's recent click samples (mirror/click-samples.ts), null for none. */
  samples: (RowClickSamples | null)[];
}

/** A page's ids apart from its rows (read whole to find a row), and the hash of its listed text. */
export interface LinkPageKeys {
  id: number;
  /** The listed page's text hash (../listing-hash.ts); '' when the stored rows are not exactly that page. */
  hash: string;
  clientIds: string[];
  serverIds: number[];
  /** The page's `textId`, when its text is a record of its own. */
  textId?: string;
}

/** A page's columns per row: what `linkPages` holds beside the rows' text. */
export type PageColumns = Pick<LinkPage, 'clientIds' | 'samples' | 'updated'>;

/**
 * A `linkPages` record as stored: a page whose columns were written with its text (staged as the
 * listing brought it) holds none of them and names that record. Read through link-rows.ts, which
 * hands out whole `LinkPage`s.
 */
export type StoredLinkPage = Omit<LinkPage, keyof PageColumns> & Partial<PageColumns>;

/**
 * The columns of a page whose rows were all new to the mirror when the listing brought it: each
 * row first stored at `at`, with one click sample then (its listed clicks). Kept this way, not as
 * 1,000 sample objects, because the page is written while the listing is still coming and every
 * object costs the write.
 */
export interface NewRowColumns {
  clientIds: string[];
  at: number;
  clicks: number[];
}

/**
 * A listed page's text, written as the listing brought it (link-rows.ts `stagePageText`), with
 * the page's columns when its rows were new to the mirror then (page-staging.ts): a page record
 * naming it without columns of its own has these.
 */
export interface PageTextRecord {
  /** `<listing id>/<page>`. */
  id: string;
  text: string;
  ends: number[];
  columns?: NewRowColumns;
}
