// The one way to read and write mirror rows. Domains and handlers are a table each, one record per
// row. Links are two layers (#19): the pull stores each listed page of 1,000 links as ONE record
// (`linkPages`, with its ids and hash in `linkPageKeys`), since one record per link made storing a
// first pull of 100,000 links cost 4–7× the listing itself; rows the pull did not leave as the
// service listed them — edits, write-only memory, deletions, creates, missed listings, anything
// another writer put — live one record each in `links`, which shadows the page copy of the same
// client id. Every writer but the pull writes `links`; a delete also takes the row off its page.
// A mirror from before the pages (schema 3) is all `links`, and the next pull moves the rows that
// need no record of their own onto pages: nothing is copied on upgrade, nothing is lost.
import type { Dexie, Table } from 'dexie';
import { pageText, rowOfText, type Domain, type Handler, type Link, type PageText } from '../../../src-preload/contract/index.ts';
import type { ResourceName } from '../types.ts';
import type { LinkPage, LinkPageKeys, MirrorRow, NewRowColumns, PageColumns, PageTextRecord, RowClickSamples, ServerRow, StoredLinkPage } from './rows.ts';
import { buildInBackground, directoryOf, type PageDirectory } from './page-directory.ts';

export type { LinkPage, LinkPageKeys, NewRowColumns, PageColumns, PageDirectory, StoredLinkPage };

/** The mirror's row tables (db.ts's MirrorDb has them; named apart so that db.ts need not be imported). */
export type RowDb = Dexie & {
  links: Table<MirrorRow<Link>, string>;
  linkPages: Table<StoredLinkPage, number>;
  linkPageKeys: Table<LinkPageKeys, number>;
  pageTexts: Table<PageTextRecord, string>;
  domains: Table<MirrorRow<Domain>, string>;
  handlers: Table<MirrorRow<Handler>, string>;
};

/** `linkPageKeys` record 0: changes whenever pages change, so a cached directory knows it is stale. */
export const PAGES_VERSION_ID = 0;
interface PagesVersion {
  id: typeof PAGES_VERSION_ID;
  version: string;
}

/** What a transaction that reads or writes rows of `resource` must include. */
export function rowScope(db: RowDb, resource: ResourceName): Table[] {
  return resource === 'links' ? [db.links, db.linkPages, db.linkPageKeys, db.pageTexts] : [db[resource] as unknown as Table];
}

/** Every row table and page table: a transaction that may touch any row. */
export function allRowScope(db: RowDb): Table[] {
  return [...rowScope(db, 'links'), ...rowScope(db, 'domains'), ...rowScope(db, 'handlers')];
}

export interface RowStore<R extends MirrorRow = MirrorRow> {
  get(clientId: string): Promise<R | undefined>;
  bulkGet(clientIds: readonly string[]): Promise<(R | undefined)[]>;
  /** Every row. */
  toArray(): Promise<R[]>;
  /** Every row's client id. */
  keys(): Promise<string[]>;
  count(): Promise<number>;
  /** Rows with this server id (one, unless a create's row and a listed row met). */
  withServerId(serverId: number): Promise<R[]>;
  /** The highest server id of any row, null for none. */
  maxServerId(): Promise<number | null>;
  put(row: R): Promise<void>;
  add(row: R): Promise<void>;
  bulkPut(rows: readonly R[]): Promise<void>;
  bulkAdd(rows: readonly R[]): Promise<void>;
  delete(clientId: string): Promise<void>;
  bulkDelete(clientIds: readonly string[]): Promise<void>;
}

export function rowStore<N extends ResourceName>(db: RowDb, resource: N): RowStore {
  return resource === 'links' ? (linkRows(db) as unknown as RowStore) : tableStore(db[resource] as unknown as Table<MirrorRow, string>);
}

function tableStore<R extends MirrorRow>(table: Table<R, string>): RowStore<R> {
  return {
    get: (id) => table.get(id),
    bulkGet: (ids) => table.bulkGet(ids as string[]),
    toArray: () => table.toArray(),
    keys: async () => (await table.toCollection().primaryKeys()) as string[],
    count: () => table.count(),
    withServerId: (serverId) => table.where('serverId').equals(serverId).toArray(),
    maxServerId: async () => (await table.orderBy('serverId').last())?.serverId ?? null,
    put: async (row) => void (await table.put(row)),
    add: async (row) => void (await table.add(row)),
    bulkPut: async (rows) => void (await table.bulkPut(rows as R[])),
    bulkAdd: async (rows) => void (await table.bulkAdd(rows as R[])),
    delete: (id) => table.delete(id),
    bulkDelete: (ids) => table.bulkDelete(ids as string[]),
  };
}

/** A row exactly as the service listed it: its copy, and nothing of the user's. */
export function syncedRow<S extends ServerRow>(clientId: string, base: S, updatedAt: number, samples?: RowClickSamples | null): MirrorRow<S> {
  return {
    clientId,
    serverId: base.id,
    base,
    baseIsProvisional: false,
    local: {},
    writeOnly: {},
    deletedLocally: false,
    missingCount: 0,
    updatedAt,
    ...(samples ? { samples } : {}),
  };
}

/** Each stored page's rows, decoded once per record read (a cached page serves several reads). */
const decodedPages = new WeakMap<LinkPage, Link[]>();

/** A page's rows, whether it holds them as text or (stored before the text) as objects. */
export function pageLinks(page: LinkPage): Link[] {
  if (page.rows) return page.rows;
  let rows = decodedPages.get(page);
  if (!rows) {
    // A page whose text is a record of its own is read with it (readPageRecords): never as empty.
    if (page.text === undefined && page.textId !== undefined) throw new Error(`Page ${page.id} was read without its text`);
    rows = JSON.parse(page.text ?? '[]') as Link[];
    decodedPages.set(page, rows);
  }
  return rows;
}

/**
 * The record a page is stored as: its rows as text, with where each ends. `text` is the rows'
 * page text when the caller has it already (the listing made it to hash the page).
 */
export function pageRecord(page: Omit<LinkPage, 'text' | 'ends' | 'rows'>, rows: Link[], text: PageText = pageText(rows)): LinkPage {
  const record: LinkPage = { ...page, text: text.text, ends: text.ends };
  decodedPages.set(record, rows);
  return record;
}

/**
 * Pages by id, each with its text and columns when those are a record of their own (`pageTexts`);
 * inside the caller's transaction, whose scope has the page tables (rowScope).
 */
export async function readPageRecords(db: RowDb, ids: readonly number[]): Promise<(LinkPage | undefined)[]> {
  return withTexts(db, await db.linkPages.bulkGet(ids as number[]));
}

/** Whether a stored page holds its columns (else the text record it names has them). */
const hasColumns = (page: StoredLinkPage): page is LinkPage => page.clientIds !== undefined;

async function withTexts(db: RowDb, pages: (StoredLinkPage | undefined)[]): Promise<(LinkPage | undefined)[]> {
  const named = (page: StoredLinkPage) => page.textId !== undefined && (page.text === undefined || !hasColumns(page));
  const textIds = pages.flatMap((page) => (page && named(page) ? [page.textId!] : []));
  if (textIds.length === 0) return pages as (LinkPage | undefined)[];
  const texts = new Map((await db.pageTexts.bulkGet(textIds)).flatMap((text) => (text ? [[text.id, text] as const] : [])));
  return pages.map((page) => {
    if (!page || !named(page)) return page as LinkPage | undefined;
    const text = texts.get(page.textId!);
    // Every page's text is written before (or with) the page that names it, and deleted only
    // once no page does (pull.ts): a missing one is a damaged mirror, not an empty page.
    if (!text) throw new Error(`The text of link page ${page.id} is missing`);
    // The page's own columns, when it has them, are the page's (the text record may hold a build the pull did not use).
    const columns: PageColumns | undefined = hasColumns(page) ? page : columnsOf(text);
    if (!columns) throw new Error(`The columns of link page ${page.id} are missing`);
    return {
      ...page,
      clientIds: columns.clientIds,
      samples: columns.samples,
      updated: columns.updated,
      text: page.text ?? text.text,
      ends: page.ends ?? text.ends,
    };
  });
}

/** The samples of a row a pull stores for the first time: one, of its listed clicks (click-samples.ts). */
function newRowSamples(at: number, clicks: number): RowClickSamples {
  return { at: [at], clicks: [clicks] };
}

/** A text record's columns as a page holds them (each new row's one sample an object of its own again). */
function columnsOf(text: PageTextRecord): PageColumns | undefined {
  const columns = text.columns;
  if (!columns) return undefined;
  return {
    clientIds: columns.clientIds,
    samples: columns.clicks.map((clicks) => newRowSamples(columns.at, clicks)),
    updated: columns.clientIds.map(() => columns.at),
  };
}

/**
 * Writes a listed page's text ahead of the pull's transaction, as the listing brings it: that
 * transaction then stores the page naming this record instead of writing 1 MB of text while the
 * list waits for it. Unnamed by any page until then (a crash, a failed listing) it is dropped by
 * the next pull (`dropUnusedTexts`). `columns`: the page's columns when they could be built
 * already (its rows new to the mirror), for the pull to store the page naming them too.
 */
export async function stagePageText(db: RowDb, id: string, text: PageText, columns?: NewRowColumns): Promise<void> {
  await db.pageTexts.put({ id, text: text.text, ends: text.ends, ...(columns ? { columns } : {}) });
}

/** Of these staged text ids, the ones still stored (another pull may have dropped them as unused). */
export async function storedTextIds(db: RowDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(
    (await db.pageTexts
      .where(':id')
      .anyOf(ids as string[])
      .primaryKeys()) as string[],
  );
}

/** Inside a pull's transaction, after its pages are written: drops every text no page names. */
export async function dropUnusedTexts(db: RowDb, named: ReadonlySet<string>): Promise<void> {
  const unused = ((await db.pageTexts.toCollection().primaryKeys()) as string[]).filter((id) => !named.has(id));
  if (unused.length > 0) await db.pageTexts.bulkDelete(unused);
}

/** A row as its page holds it: parsed alone when the page is not decoded already. */
export function pageRow(page: LinkPage, index: number): MirrorRow<Link> {
  const decoded = page.rows ?? decodedPages.get(page);
  const link = decoded
    ? decoded[index]!
    : page.text !== undefined && page.ends
      ? (rowOfText({ text: page.text, ends: page.ends }, index) as Link)
      : pageLinks(page)[index]!;
  return syncedRow(page.clientIds[index]!, link, page.updated[index] ?? page.at, page.samples[index]);
}

/** Every row of a page, the page decoded at once. */
export function pageRows(page: LinkPage): MirrorRow<Link>[] {
  const links = pageLinks(page);
  return page.clientIds.map((clientId, i) => syncedRow(clientId, links[i]!, page.updated[i] ?? page.at, page.samples[i]));
}

/** Whether a row needs a record of its own, or is exactly what its page can say. */
export function needsOwnRecord(row: MirrorRow, hasOps: boolean): boolean {
  return (
    hasOps ||
    row.serverId === null ||
    row.base === null ||
    row.baseIsProvisional ||
    row.deletedLocally ||
    row.missingCount !== 0 ||
    row.bulkOp !== undefined ||
    Object.keys(row.local).length !== 0 ||
    Object.keys(row.writeOnly).length !== 0
  );
}

/** The directories of the last two versions (a reader of the committed one while a pull writes the next). */
const directories = new WeakMap<object, PageDirectory[]>();
const DIRECTORIES_KEPT = 2;

function cacheDirectory(db: RowDb, directory: PageDirectory): void {
  const kept = (directories.get(db) ?? []).filter((known) => known.version !== directory.version);
  directories.set(db, [directory, ...kept].slice(0, DIRECTORIES_KEPT));
  buildInBackground(directory, () => directories.get(db)?.includes(directory) === true);
}
/**
 * Pages lately read, by version and id: a page never changes under one version (every write of
 * pages gives them a new one), so one read serves the next few gets (a screen reading rows one by
 * one) without decoding 1,000 rows each time. Readers never change the rows they are given.
 */
const pageCaches = new WeakMap<object, Map<string, LinkPage>>();
const PAGES_CACHED = 4;
const processNonce = Math.random().toString(36).slice(2);
let versions = 0;

/** Page number → hash of each page stored exactly as listed (what main may then hand over as unchanged). */
export function storedPageHashes(dir: PageDirectory): Map<number, string> {
  const hashes = new Map<number, string>();
  for (const [page, keys] of dir.keys) if (keys.hash !== '') hashes.set(page, keys.hash);
  return hashes;
}

/** A version never given before in this process (an aborted write's version is never reused). */
export function newPagesVersion(): string {
  return `${processNonce}.${++versions}`;
}

/** The pages' directory, current for the transaction it is read in. */
export async function pageDirectory(db: RowDb): Promise<PageDirectory> {
  return db.transaction('r', db.linkPageKeys, async () => {
    const stamp = (await db.linkPageKeys.get(PAGES_VERSION_ID)) as PagesVersion | undefined;
    const version = stamp?.version ?? '';
    const cached = directories.get(db)?.find((known) => known.version === version);
    if (cached) return cached;
    const all = (await db.linkPageKeys.where('id').above(PAGES_VERSION_ID).toArray()) as LinkPageKeys[];
    const built = directoryOf(version, new Map(all.map((keys) => [keys.id, keys])));
    cacheDirectory(db, built);
    return built;
  });
}

/**
 * Inside a read-write transaction over the page tables, BEFORE changing any page: marks the pages
 * changed. First, so that what a read caches meanwhile is filed under the new version, which an
 * abort leaves unused for good.
 */
export async function touchPages(db: RowDb): Promise<string> {
  const version = newPagesVersion();
  await db.linkPageKeys.put({ id: PAGES_VERSION_ID, version } as PagesVersion as unknown as LinkPageKeys);
  return version;
}

/**
 * The directory a pull's page writes make: `replace` a page's keys, `remove` a page, then `commit`
 * under the version the pull stamped. The same as a directory read from the stored keys, which
 * are these; its lookups are built when first asked for (page-directory.ts).
 */
export function directoryUpdate(db: RowDb, from: PageDirectory) {
  let keys: Map<number, LinkPageKeys> | null = null;
  const open = () => (keys ??= new Map(from.keys));
  return {
    replace(page: LinkPageKeys) {
      open().set(page.id, page);
    },
    remove(id: number) {
      open().delete(id);
    },
    /** Inside the pull's transaction, once its pages are written: readers of `version` find it. */
    commit(version: string) {
      const inOrder = new Map([...open()].sort(([a], [b]) => a - b));
      cacheDirectory(db, directoryOf(version, inOrder));
    },
  };
}

/** The directory as the stored keys say, read anew (tests compare a pull's update with it). */
export async function readPageDirectory(db: RowDb): Promise<PageDirectory> {
  directories.delete(db);
  return pageDirectory(db);
}

/**
 * What `pick` takes of each wanted client id's page copy, by client id (ids on no page are left
 * out). Pages come from the cache of the current version, else one read.
 */
async function readPages<T>(db: RowDb, ids: readonly string[], pick: (page: LinkPage, index: number, serverId: number) => T): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  if (ids.length === 0) return found;
  const dir = await pageDirectory(db);
  const pageIds = [...new Set(dir.pagesHolding(ids).values())];
  if (pageIds.length === 0) return found;
  const wanted = new Set(ids);
  let cache = pageCaches.get(db);
  if (!cache) pageCaches.set(db, (cache = new Map()));
  const key = (id: number) => `${dir.version}:${id}`;
  const missing = pageIds.filter((id) => !cache.has(key(id)));
  const read = missing.length > 0 ? await readPageRecords(db, missing) : [];
  read.forEach((page, i) => {
    if (!page) return;
    cache.set(key(missing[i]!), page);
    if (cache.size > PAGES_CACHED) cache.delete(cache.keys().next().value!);
  });
  for (const id of pageIds) {
    // Read now, or cached: a read of more pages than the cache holds has evicted some of its own.
    const page = cache.get(key(id)) ?? read[missing.indexOf(id)];
    const serverIds = dir.keys.get(id)?.serverIds;
    if (!page || !serverIds) continue;
    page.clientIds.forEach((clientId, i) => {
      if (wanted.has(clientId)) found.set(clientId, pick(page, i, serverIds[i]!));
    });
  }
  return found;
}

export interface LinkSamples {
  serverId: number | null;
  samples: RowClickSamples | null;
}

/**
 * The click samples each link's row carries (null: none; absent: no such row), without decoding
 * the rows of the pages they are on: the list's trend column reads them for the rows on screen,
 * which after a search are on as many pages as rows.
 */
export function linkSamples(db: RowDb, clientIds: readonly string[]): Promise<Map<string, LinkSamples>> {
  return db.transaction('r', rowScope(db, 'links'), async () => {
    const own = await db.links.bulkGet(clientIds as string[]);
    const out = new Map<string, LinkSamples>();
    own.forEach((row, i) => row && out.set(clientIds[i]!, { serverId: row.serverId, samples: row.samples ?? null }));
    const paged = await readPages(
      db,
      clientIds.filter((_, i) => own[i] === undefined),
      (page, index, serverId): LinkSamples => ({ serverId, samples: page.samples[index] ?? null }),
    );
    for (const [clientId, samples] of paged) out.set(clientId, samples);
    return out;
  });
}

/**
 * Every link row, read in one transaction and handed out as slices to decode when wanted: the
 * records of their own, then each page's rows not shadowed by one. A page's rows are decoded
 * (its JSON parsed) only when its slice is called, so a reader of 100,000 rows can take a page
 * per task instead of one long task for all of them.
 */
export async function linkRowSlices(db: RowDb): Promise<(() => MirrorRow<Link>[])[]> {
  const { own, pages } = await db.transaction('r', rowScope(db, 'links'), async () => ({
    own: await db.links.toArray(),
    pages: (await withTexts(db, await db.linkPages.toArray())) as LinkPage[],
  }));
  const shadowed = new Set(own.map((row) => row.clientId));
  const pageSlice = (page: LinkPage) => () => pageRows(page).filter((row) => !shadowed.has(row.clientId));
  return [() => own, ...pages.map(pageSlice)];
}

export function linkRows(db: RowDb): RowStore<MirrorRow<Link>> {
  const overlay = db.links;
  const scope = () => rowScope(db, 'links');
  /** Rows only on pages, by client id (none of them in `links`). */
  const fromPages = (ids: readonly string[]) => readPages(db, ids, pageRow);
  const bulkGet = (ids: readonly string[]) =>
    db.transaction('r', scope(), async () => {
      const own = await overlay.bulkGet(ids as string[]);
      const paged = await fromPages(ids.filter((_, i) => own[i] === undefined));
      return ids.map((id, i) => own[i] ?? paged.get(id));
    });
  const bulkDelete = (ids: readonly string[]) =>
    db.transaction('rw', scope(), async () => {
      await overlay.bulkDelete(ids as string[]);
      const dir = await pageDirectory(db);
      const holding = dir.pagesHolding(ids);
      const gone = new Set(holding.keys());
      if (gone.size === 0) return;
      const pageIds = [...new Set(holding.values())];
      await touchPages(db);
      for (const page of await readPageRecords(db, pageIds)) {
        if (!page) continue;
        const keep = page.clientIds.map((id, i) => (gone.has(id) ? -1 : i)).filter((i) => i >= 0);
        const pick = <T>(values: T[]) => keep.map((i) => values[i]!);
        const rows = pick(pageLinks(page));
        const next = pageRecord({ id: page.id, at: page.at, clientIds: pick(page.clientIds), samples: pick(page.samples), updated: pick(page.updated) }, rows);
        await db.linkPages.put(next);
        // The stored page is no longer the listed one: the next pull compares it row by row.
        await db.linkPageKeys.put({ id: page.id, hash: '', clientIds: next.clientIds, serverIds: rows.map((row) => row.id) });
        // Its text is with it now.
        if (page.textId !== undefined) await db.pageTexts.delete(page.textId);
      }
    });
  return {
    get: async (id) => (await bulkGet([id]))[0],
    bulkGet,
    toArray: async () => (await linkRowSlices(db)).flatMap((slice) => slice()),
    keys: () =>
      db.transaction('r', scope(), async () => {
        const own = (await overlay.toCollection().primaryKeys()) as string[];
        const dir = await pageDirectory(db);
        const all = new Set(own);
        for (const page of dir.keys.values()) for (const id of page.clientIds) all.add(id);
        return [...all];
      }),
    count: async () => (await linkRows(db).keys()).length,
    withServerId: (serverId) =>
      db.transaction('r', scope(), async () => {
        const own = await overlay.where('serverId').equals(serverId).toArray();
        const dir = await pageDirectory(db);
        const clientId = dir.clientOf.get(serverId);
        if (clientId === undefined || own.some((row) => row.clientId === clientId)) return own;
        // A row of its own under another server id now shadows the page copy: that is not this one.
        if (await overlay.get(clientId)) return own;
        const paged = await fromPages([clientId]);
        const row = paged.get(clientId);
        return row ? [...own, row] : own;
      }),
    maxServerId: () =>
      db.transaction('r', scope(), async () => {
        const own = (await overlay.orderBy('serverId').last())?.serverId ?? null;
        const paged = (await pageDirectory(db)).maxServerId;
        return own === null ? paged : paged === null ? own : Math.max(own, paged);
      }),
    put: async (row) => void (await overlay.put(row)),
    add: async (row) => void (await overlay.add(row)),
    bulkPut: async (rows) => void (await overlay.bulkPut(rows as MirrorRow<Link>[])),
    bulkAdd: async (rows) => void (await overlay.bulkAdd(rows as MirrorRow<Link>[])),
    delete: (id) => bulkDelete([id]),
    bulkDelete,
  };
}
