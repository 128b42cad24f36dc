// The domain and handler lists: rows from the mirror, searched, filtered, sorted and paged in
// memory like the API pages; only the rows in view are rendered. Each row can be switched on or
// off, edited and deleted (after confirming); its sync state shows as a badge.
import { useEffect, useMemo, useState } from 'react';
import { useOpenSession, useSyncStatus } from '../session/workspace-session.tsx';
import { emptyListText, useEverListed } from './empty-list.ts';
import type { RowEditor } from './RowEditorLoader.tsx';
import { Badge, Button, ConfirmDialog, Switch } from '../ui/index.ts';
import { Pager, VirtualTable, type Column } from '../ui/list/index.ts';
import { deleteWithUndo } from './undoable.ts';
import { runListQuery } from '../ui/list/list-query.ts';
import type { ResourceEdits, WorkspaceSync } from '../sync/index.ts';
import type { ResourceName } from '../sync/types.ts';
import { ListControlsBar } from './ListControlsBar.tsx';
import type { ResourceItem } from './resource-items.ts';
import { itemCompare, itemFilter } from './resource-query.ts';
import { RowStatusBadge } from './RowStatusBadge.tsx';
import { useListControls } from './use-list-controls.ts';
import { useResourceItems } from './use-resource-items.ts';

export interface ResourceListConfig {
  resource: Exclude<ResourceName, 'links'>;
  title: string;
  /** Plural, for totals: "domains". */
  noun: string;
  /** Singular, for dialogs: "domain". */
  singular: string;
  newLabel: string;
  /** The field searched and sorted by name, and its column title. */
  nameField: string;
  nameLabel: string;
  searchPlaceholder: string;
  /** Columns between the name and the enabled switch. */
  columns: Column<ResourceItem>[];
  Editor: RowEditor;
  /** What else goes when a row is deleted (a domain's links), said in the confirmation. */
  deleteConsequence?: (sync: WorkspaceSync, item: ResourceItem) => Promise<string | null>;
}

const nameOf = (item: ResourceItem, field: string) => String(item.view[field] ?? '');

export function ResourceListPage({ config }: { config: ResourceListConfig }) {
  const { sync, workspace } = useOpenSession();
  const items = useResourceItems(sync.db, config.resource);
  const status = useSyncStatus(sync, ['paused', 'connection']);
  const everListed = useEverListed(sync.db, config.resource);
  const { controls, set } = useListControls(`${workspace.id}:${config.resource}`);
  const [editing, setEditing] = useState<{ clientId: string | null } | null>(null);
  const [deleting, setDeleting] = useState<ResourceItem | null>(null);
  const consequence = useDeleteConsequence(sync, deleting, config.deleteConsequence);
  const [problem, setProblem] = useState<string | null>(null);
  const edits = sync[config.resource] as ResourceEdits<unknown, Record<string, unknown>>;

  const result = useMemo(() => {
    const name = (item: ResourceItem) => nameOf(item, config.nameField).toLowerCase();
    return runListQuery(items ?? [], {
      search: controls.search,
      searchText: name,
      filter: itemFilter(controls.enabled, controls.sync),
      compare: itemCompare(controls.sort, config.nameField),
      page: controls.page,
      pageSize: controls.pageSize,
    });
  }, [items, controls, config.nameField]);

  const attempt = (action: () => Promise<void>) => {
    setProblem(null);
    action().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };

  const columns: Column<ResourceItem>[] = [
    {
      key: 'name',
      header: config.nameLabel,
      width: 'minmax(160px, 2fr)',
      minWidth: 160,
      cell: (item) => <span className="cell-strong">{nameOf(item, config.nameField) || '—'}</span>,
    },
    ...config.columns,
    {
      key: 'enabled',
      header: 'Enabled',
      width: '80px',
      minWidth: 80,
      cell: (item, { active }) => (
        <Switch
          excludeFromTabOrder={!active}
          label=""
          aria-label={`Enabled: ${nameOf(item, config.nameField)}`}
          isSelected={item.view.is_enabled !== false}
          onChange={(enabled) => attempt(() => edits.update(item.clientId, { is_enabled: enabled }))}
        />
      ),
    },
    {
      key: 'status',
      header: 'Sync',
      width: '110px',
      minWidth: 110,
      cell: (item) => (item.sync ? <RowStatusBadge sync={item.sync} /> : <span className="muted cell-small">✓ In sync</span>),
    },
    {
      key: 'created',
      header: 'Created',
      width: '170px',
      minWidth: 170,
      // Created gives way first in a narrow window.
      hideOrder: 1,
      cell: (item) =>
        item.created ? <span className="muted">{item.created}</span> : <Badge title="Saved here; the service has not created it yet">Not sent yet</Badge>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '140px',
      minWidth: 140,
      cell: (item, { active }) => (
        <span className="row-actions">
          <Button
            size="small"
            excludeFromTabOrder={!active}
            onPress={() => setEditing({ clientId: item.clientId })}
            aria-label={`Edit ${nameOf(item, config.nameField)}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            variant="danger"
            excludeFromTabOrder={!active}
            onPress={() => setDeleting(item)}
            aria-label={`Delete ${nameOf(item, config.nameField)}`}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="page list-page">
      <div className="page-header">
        <h1>{config.title}</h1>
        <Button variant="primary" onPress={() => setEditing({ clientId: null })}>
          {config.newLabel}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="banner banner-danger">
          <span>{problem}</span>
        </p>
      )}
      <ListControlsBar controls={controls} set={set} searchPlaceholder={config.searchPlaceholder} nameLabel={config.nameLabel} />
      <VirtualTable
        label={config.title}
        rows={result.rows}
        columns={columns}
        rowKey={(item) => item.clientId}
        rowHeight={48}
        onRowActivate={(item) => setEditing({ clientId: item.clientId })}
        empty={
          items === undefined
            ? 'Loading…'
            : items.length === 0
              ? emptyListText({ everListed, status, noun: config.noun, none: `No ${config.noun} yet.` })
              : `No ${config.noun} match.`
        }
      />
      <Pager window={result.window} noun={config.noun} onPage={(page) => set({ page })} onPageSize={(pageSize) => set({ pageSize, page: 1 })} />
      {editing && <config.Editor sync={sync} clientId={editing.clientId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${config.singular}`}
        confirmLabel="Delete"
        message={
          <p>
            Delete <strong>{deleting ? nameOf(deleting, config.nameField) : ''}</strong>? You can undo it for a few seconds.
            {consequence && <> {consequence}</>}
          </p>
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) attempt(() => deleteWithUndo(sync, edits, [target.clientId], { one: config.singular, many: config.noun }));
        }}
      />
    </div>
  );
}

/** The consequence text of deleting `item`, worked out when the confirmation opens (null meanwhile). */
function useDeleteConsequence(sync: WorkspaceSync, item: ResourceItem | null, describe: ResourceListConfig['deleteConsequence']): string | null {
  const [text, setText] = useState<{ clientId: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!item || !describe) return undefined;
    let current = true;
    describe(sync, item).then(
      (result) => current && setText({ clientId: item.clientId, text: result }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sync, item, describe]);
  return item && text?.clientId === item.clientId ? text.text : null;
}
