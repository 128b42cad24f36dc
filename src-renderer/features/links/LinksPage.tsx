// The Links screen: the mirror's links, searched, filtered, sorted and paged the way the API
// pages; copy, pin, select many; the editor, the detail, bulk create and CSV export.
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { isDialogOpen, isTypingTarget } from '../../ui/typing-target.ts';
import { useNavigation } from '../../session/navigation-store.ts';
import { useRememberedState } from '../../session/remembered-state.ts';
import { useOpenSession, useSyncStatus, type WorkspaceSession } from '../../session/workspace-session.tsx';
import { linkRows, reportsKnown } from '../../sync/index.ts';
import { Button, ConfirmDialog, showToast } from '../../ui/index.ts';
import { count, deleteWithUndo, switchWithUndo } from '../../resource-screens/undoable.ts';
import { ariaSort, Pager, pageWindow, RowCheckbox, SearchBox, SortHeader, VirtualTable, type Column, type PageSize } from '../../ui/list/index.ts';
import { ClickTrend } from './ClickTrend.tsx';
import { useCopy } from './CopyButton.tsx';
import {
  buildIndex,
  DEFAULT_QUERY,
  domainLabel,
  entryShortUrl,
  isDefaultQuery,
  MAIN_DOMAIN,
  NO_RESULTS,
  prepareNarrowing,
  queryLinkResults,
  type LinkEntry,
  type LinkIndex,
  type LinkQuery,
  type SortKey,
} from './link-index.ts';
import { setPinned } from './link-source.ts';
import { StatusBadges } from './StatusBadges.tsx';
import { ActionsCell, CopyCell, SelectCell, ShortUrlCell } from './LinkCells.tsx';
import { missingDomainOf, useDeletedDomainKeys } from './domain-missing.ts';
import { FilterChips, filterChips, FiltersToggle, FIRST_DIRECTION, LinkFilters, LinksHeader, SortField } from './LinksToolbar.tsx';
import { useClickHistories } from './use-click-histories.ts';
import { emptyListText, useEverListed } from '../../resource-screens/empty-list.ts';
import { useLinkSnapshot } from './use-links.ts';
import type { LinkSnapshot } from './link-source.ts';

// Dialogs (editor, detail with QR and chart, bulk create and CSV with papaparse) load when first
// opened: the startup bundle stays what the list needs.
const LinkEditor = lazy(() => import('./LinkEditor.tsx').then((m) => ({ default: m.LinkEditor })));
const LinkDetail = lazy(() => import('./LinkDetail.tsx').then((m) => ({ default: m.LinkDetail })));
const BulkCreateDialog = lazy(() => import('./BulkCreateDialog.tsx').then((m) => ({ default: m.BulkCreateDialog })));

export function LinksPage() {
  return <LinksScreen session={useOpenSession()} />;
}

/**
 * A new index (a pull's pages, another window's edits) renders as a deferred update React slices,
 * so input and paint go between the table's rows rather than wait out one long task per change.
 * The urgent render the index's arrival starts stops here: the view below is memoised and still
 * has the snapshot it had (rendering it again with that was ~20 ms of the task).
 */
export function LinksScreen({ session }: { session: WorkspaceSession }) {
  const snapshot = useDeferredValue(useLinkSnapshot(session.sync.db));
  return <LinksView session={session} snapshot={snapshot} />;
}

const LinksView = memo(function LinksView({ session, snapshot }: { session: WorkspaceSession; snapshot: LinkSnapshot }) {
  const { sync, workspace } = session;
  const { index, firstPage, syncStates, pinned } = snapshot;
  const status = useSyncStatus(sync, ['paused', 'connection']);
  const everListed = useEverListed(sync.db, 'links');
  const { linkEditor, linkDetail, openLinkEditor, openLinkDetail } = useNavigation();
  // Search, filters, sort and page outlive a visit to another screen (per workspace).
  const [query, setQuery] = useRememberedState<LinkQuery>(`${workspace.id}:links:query`, DEFAULT_QUERY);
  const [page, setPage] = useRememberedState(`${workspace.id}:links:page`, 1);
  const [pageSize, setPageSize] = useRememberedState<PageSize>(`${workspace.id}:links:page-size`, 25);
  const [filtersOpen, setFiltersOpen] = useRememberedState(`${workspace.id}:links:filters-open`, false);
  const [focused, setFocused] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const { copy } = useCopy();

  // Read a page at a time: a keystroke does not list 100,000 results to show 25.
  const results = useMemo(() => (index ? queryLinkResults(index, syncStates, query) : NO_RESULTS), [index, syncStates, query]);
  // Right after a keystroke's render, in a task of its own (a few ms at 100,000 links): where the
  // search is in each result, so the next letter narrows cheaply. An idle callback came too late
  // for a fast typist: the page is rarely idle between keystrokes (sparklines, click samples). After
  // every query, not only those that changed the results (a first letter in every link changes none).
  useEffect(() => {
    if (!index) return;
    const timer = setTimeout(() => prepareNarrowing(index), 0);
    return () => clearTimeout(timer);
  }, [index, results, query]);
  // While a large mirror's index is read, the stored first page stands in for the list as it opens.
  const preview = !index && firstPage && isDefaultQuery(query) ? firstPage : null;
  const listIndex = index ?? preview?.index ?? null;
  const win = useMemo(() => pageWindow(preview ? preview.total : results.length, page, pageSize), [preview, results.length, page, pageSize]);
  const onPageSize = useCallback(
    (size: PageSize) => {
      setPageSize(size);
      setPage(1);
    },
    [setPage, setPageSize],
  );
  const rows = useMemo(() => {
    if (!preview) return results.slice(win.start, win.end);
    return win.end <= preview.index.entries.length ? preview.index.entries.slice(win.start, win.end) : [];
  }, [preview, results, win.start, win.end]);
  const pinnedSet = useMemo(() => new Set(pinned), [pinned]);
  const baseUrl = workspace.baseUrl;
  // Each row's short URL is built once per index (two cells ask for it on every render of the page).
  const shortUrl = useMemo(() => shortUrls(listIndex, baseUrl), [listIndex, baseUrl]);
  const deletedDomains = useDeletedDomainKeys(sync.db);
  const missing = useCallback((entry: LinkEntry) => (listIndex ? missingDomainOf(listIndex, entry, deletedDomains) : null), [listIndex, deletedDomains]);

  const changeQuery = useCallback(
    (patch: Partial<LinkQuery>) => {
      setQuery((q) => ({ ...q, ...patch }));
      setPage(1);
    },
    [setPage, setQuery],
  );

  // Ctrl/Cmd+C copies the focused row's short URL — unless text is selected or a field has focus.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'c' || event.altKey || event.shiftKey) return;
      if (isTypingTarget(event.target) || (window.getSelection()?.toString() ?? '') !== '') return;
      if (isDialogOpen()) return;
      const entry = focused ? listIndex?.byClientId.get(focused) : undefined;
      const url = entry ? shortUrl(entry) : null;
      if (!url) return;
      event.preventDefault();
      void copy(url).then((ok) => ok && showToast({ title: 'Copied', description: url }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focused, listIndex, shortUrl, copy]);

  const pageIds = useMemo(() => rows.map((r) => r.clientId), [rows]);
  // The sparklines' read starts after the keystroke's render, not inside it (a deferred render).
  const histories = useClickHistories(sync.db, useDeferredValue(pageIds), TREND_SAMPLES);
  const pageChecked = pageIds.length > 0 && pageIds.every((id) => checked.has(id));
  const checkPage = (on: boolean) =>
    setChecked((set) => {
      const next = new Set(set);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setChecked((set) => {
        const next = new Set(set);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const checkedIds = [...checked].filter((id) => listIndex?.byClientId.has(id));

  /** Enable/disable sends is_enabled alone, unless the service hides a link's reports (then the user confirms). */
  const setEnabled = async (enabled: boolean, clearReports: ReadonlySet<string> = new Set()) => {
    const ids = checkedIds.map((id) => ({ id, was: listIndex?.byClientId.get(id)?.enabled ?? true }));
    if (clearReports.size === 0) {
      const rows = await linkRows(sync.db).bulkGet(checkedIds);
      const unknown = checkedIds.filter((_, i) => rows[i] !== undefined && !reportsKnown(rows[i]!));
      if (unknown.length > 0) return setReportsAsk({ enabled, unknown });
    }
    setChecked(new Set());
    await switchWithUndo(
      (id, on) => sync.links.update(id, clearReports.has(id) ? { is_enabled: on, email_reports: [] } : { is_enabled: on }),
      ids,
      enabled,
      LINK_NOUN,
    );
  };
  const deleteChecked = async () => {
    const ids = checkedIds;
    setChecked(new Set());
    await deleteWithUndo(sync, sync.links, ids, LINK_NOUN);
  };
  const [reportsAsk, setReportsAsk] = useState<{ enabled: boolean; unknown: string[] } | null>(null);

  const exportRef = useRef<() => void>(() => undefined);
  const onExport = useCallback(() => exportRef.current(), []);
  const openBulk = useCallback(() => setBulkOpen(true), []);
  const openNew = useCallback(() => openLinkEditor({ mode: 'new' }), [openLinkEditor]);
  // The header is memoised; export reads the latest results through a ref.
  useEffect(() => {
    exportRef.current = () => {
      if (!index) return;
      void import('./csv.ts').then(({ downloadCsv, linksToCsv }) => {
        downloadCsv('links.csv', linksToCsv(results.all(), index, baseUrl, syncStates));
        showToast({ title: `Exported ${count(results.length, LINK_NOUN)}`, description: 'Saved as links.csv in your downloads.', tone: 'success' });
      });
    };
  });

  const onPin = useCallback((clientId: string, pinnedNow: boolean) => void setPinned(sync.db, clientId, !pinnedNow), [sync.db]);
  const onEdit = useCallback((clientId: string) => openLinkEditor({ mode: 'edit', clientId }), [openLinkEditor]);
  const sortBy = (key: SortKey) =>
    changeQuery(query.sort === key ? { direction: query.direction === 'asc' ? 'desc' : 'asc' } : { sort: key, direction: FIRST_DIRECTION[key] });
  const sortOf = (key: SortKey) => (query.sort === key ? query.direction : null);
  const sortable = (key: SortKey, label: string) => ({
    header: <SortHeader label={label} direction={sortOf(key)} onSort={() => sortBy(key)} />,
    sort: ariaSort(sortOf(key)),
  });
  // Minimum widths decide which optional columns a narrow window keeps: Created goes first, then clicks.
  const columns: Column<LinkEntry>[] = [
    {
      key: 'select',
      width: '36px',
      minWidth: 36,
      header: <RowCheckbox aria-label="Select page" isSelected={pageChecked} onChange={(on) => checkPage(on)} />,
      cell: (e, { active }) => <SelectCell clientId={e.clientId} alias={rowName(e)} checked={checked.has(e.clientId)} tabbable={active} onToggle={toggle} />,
    },
    {
      key: 'short',
      width: 'minmax(180px, 2fr)',
      minWidth: 180,
      ...sortable('alias', 'Short URL'),
      cell: (e, { active }) => (
        <ShortUrlCell clientId={e.clientId} alias={e.alias} url={shortUrl(e)} missing={missing(e)} tabbable={active} onOpen={openLinkDetail} />
      ),
    },
    {
      key: 'copy',
      width: '64px',
      minWidth: 64,
      header: <span className="visually-hidden">Copy</span>,
      cell: (e, { active }) => <CopyCell alias={e.alias} url={shortUrl(e)} created={e.serverId !== null} missing={missing(e)} tabbable={active} />,
    },
    {
      key: 'destination',
      width: 'minmax(140px, 1.6fr)',
      minWidth: 140,
      header: 'Destination',
      cell: (e) => (
        <span className="cell-text" title={e.destination}>
          {e.destination}
        </span>
      ),
    },
    {
      key: 'clicks',
      width: '110px',
      minWidth: 110,
      hideOrder: 2,
      align: 'end',
      ...sortable('clicks', 'Clicks'),
      cell: (e) => <ClickTrend clicks={e.clicks} samples={histories?.get(e.clientId)} />,
    },
    {
      key: 'status',
      width: 'minmax(130px, 1fr)',
      minWidth: 130,
      header: 'Status',
      cell: (e) => <StatusBadges entry={e} sync={syncStates.get(e.clientId)} pinned={pinnedSet.has(e.clientId)} shown={2} />,
    },
    {
      key: 'created',
      width: '140px',
      minWidth: 140,
      hideOrder: 1,
      ...sortable('created', 'Created'),
      cell: (e) =>
        e.serverId === null ? (
          <span className="muted" title="The service has not created this link yet">
            Not created yet
          </span>
        ) : (
          <span className="muted" title={e.created}>
            {e.created.slice(0, 16)}
          </span>
        ),
    },
    {
      key: 'actions',
      width: '110px',
      minWidth: 110,
      header: <span className="visually-hidden">Actions</span>,
      cell: (e, { active }) => (
        <ActionsCell clientId={e.clientId} alias={rowName(e)} pinned={pinnedSet.has(e.clientId)} tabbable={active} onEdit={onEdit} onPin={onPin} />
      ),
    },
  ];

  const domains = listIndex?.domains;
  const domainOptions = useMemo(
    () => [
      { value: 'all', label: 'All domains' },
      { value: MAIN_DOMAIN, label: domainLabel(listIndex ?? EMPTY_INDEX, baseUrl, MAIN_DOMAIN) },
      ...(domains ?? []).map((d) => ({ value: d.key, label: d.host || 'New domain' })),
    ],
    // The labels depend on the domains only, not on every link change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [domains, baseUrl],
  );
  const chips = useMemo(() => filterChips(query, domainOptions), [query, domainOptions]);
  const toggleFilters = useCallback(() => setFiltersOpen((open) => !open), [setFiltersOpen]);
  const allMatchingChecked = results.length > 0 && checkedIds.length >= results.length && results.all().every((e) => checked.has(e.clientId));
  const total = index?.entries.length ?? 0;

  return (
    <div className="page links-page">
      <LinksHeader canExport={Boolean(index) && results.length > 0} onBulk={openBulk} onExport={onExport} onNew={openNew} />
      <div className="toolbar links-toolbar">
        <SearchBox value={query.search} onChange={(search) => changeQuery({ search })} placeholder="Alias or destination" />
        <FiltersToggle open={filtersOpen} active={chips.length} onToggle={toggleFilters} />
        <SortField sort={query.sort} direction={query.direction} onChange={changeQuery} />
      </div>
      <LinkFilters query={query} open={filtersOpen} domainOptions={domainOptions} onChange={changeQuery} />
      <FilterChips chips={chips} onChange={changeQuery} />
      {checkedIds.length > 0 && (
        <div className="selection-bar" role="region" aria-label="Selected links">
          <span>
            {allMatchingChecked && results.length > pageIds.length
              ? `All ${results.length.toLocaleString()} matching selected`
              : `${checkedIds.length.toLocaleString()} selected`}
          </span>
          {pageChecked && !allMatchingChecked && results.length > pageIds.length && (
            <Button size="small" variant="ghost" onPress={() => setChecked(new Set(results.all().map((e) => e.clientId)))}>
              Select all {results.length.toLocaleString()} matching
            </Button>
          )}
          <Button size="small" onPress={() => void setEnabled(true)}>
            Enable
          </Button>
          <Button size="small" onPress={() => void setEnabled(false)}>
            Disable
          </Button>
          <Button size="small" variant="danger" onPress={() => setConfirmDelete(true)}>
            Delete
          </Button>
          <Button size="small" variant="ghost" onPress={() => setChecked(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      <VirtualTable
        label="Links"
        rows={rows}
        columns={columns}
        overscan={LIST_OVERSCAN}
        rowKey={(e) => e.clientId}
        selectedKey={focused}
        onRowFocus={(e) => setFocused(e.clientId)}
        onRowActivate={(e) => openLinkDetail(e.clientId)}
        empty={
          !index
            ? 'Loading links…'
            : total === 0
              ? emptyListText({ everListed, status, noun: 'links', none: 'No links yet. Create one with “New link”.' })
              : 'No links match the search and filters.'
        }
      />
      <MemoPager window={win} noun="links" onPage={setPage} onPageSize={onPageSize} />
      <Suspense fallback={null}>
        {linkEditor && (
          <LinkEditor
            key={linkEditor.mode === 'edit' ? linkEditor.clientId : `new:${linkEditor.copyOf ?? ''}`}
            session={session}
            index={index}
            clientId={linkEditor.mode === 'edit' ? linkEditor.clientId : null}
            copyOf={linkEditor.mode === 'new' ? (linkEditor.copyOf ?? null) : null}
            onClose={() => openLinkEditor(null)}
          />
        )}
        {linkDetail && !linkEditor && (
          <LinkDetail
            session={session}
            index={index}
            syncStates={syncStates}
            pinned={pinned}
            clientId={linkDetail}
            onEdit={() => openLinkEditor({ mode: 'edit', clientId: linkDetail })}
            onDuplicate={() => openLinkEditor({ mode: 'new', copyOf: linkDetail })}
            onClose={() => openLinkDetail(null)}
          />
        )}
        {bulkOpen && <BulkCreateDialog session={session} index={index} onClose={() => setBulkOpen(false)} />}
      </Suspense>
      <ConfirmDialog
        title="Delete links?"
        message={`Delete ${checkedIds.length} selected link${checkedIds.length === 1 ? '' : 's'}? Their short URLs stop redirecting once the service has them deleted.`}
        confirmLabel="Delete"
        isOpen={confirmDelete}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteChecked();
        }}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        title="Replace e-mail reports?"
        message={
          reportsAsk
            ? `This service does not show which notification handlers get e-mail reports for ${reportsAsk.unknown.length === 1 ? 'one of the selected links' : `${reportsAsk.unknown.length} of the selected links`}. ${reportsAsk.enabled ? 'Enabling' : 'Disabling'} ${reportsAsk.unknown.length === 1 ? 'it' : 'them'} also sets ${reportsAsk.unknown.length === 1 ? 'its' : 'their'} e-mail reports to none. To keep reports, edit those links one by one and tick their handlers.`
            : ''
        }
        confirmLabel={reportsAsk?.enabled ? 'Enable and clear reports' : 'Disable and clear reports'}
        isOpen={reportsAsk !== null}
        onConfirm={() => {
          const ask = reportsAsk!;
          setReportsAsk(null);
          void setEnabled(ask.enabled, new Set(ask.unknown));
        }}
        onCancel={() => setReportsAsk(null)}
      />
    </div>
  );
});

const LINK_NOUN = { one: 'link', many: 'links' };

const EMPTY_INDEX: LinkIndex = buildIndex([], []);

/**
 * Rows mounted beyond the visible ones: a search keystroke mounts a new page of rows, and the
 * table's default of 8 below the fold was a quarter of them in a 1360×860 window (22 rows, now 17).
 */
const LIST_OVERSCAN = 3;

/** Click samples per row's sparkline. */
const TREND_SAMPLES = 30;

const MemoPager = memo(Pager);

/** Short URLs of an index's entries, each built once (entries are replaced, never changed, when a link changes). */
function shortUrls(index: LinkIndex | null, baseUrl: string): (entry: LinkEntry) => string | null {
  const known = new WeakMap<LinkEntry, string | null>();
  return (entry) => {
    if (!index) return null;
    let url = known.get(entry);
    if (url === undefined) known.set(entry, (url = entryShortUrl(index, baseUrl, entry)));
    return url;
  };
}

/** How a row is named to assistive technology: its alias, or its destination while the service has not picked the alias. */
const rowName = (entry: LinkEntry): string => entry.alias || entry.destination;
