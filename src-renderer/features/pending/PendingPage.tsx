// Every change not yet confirmed by the service: what it changes, its state, the service's
// message and the attempts so far; failed ones can be retried, any can be discarded (after
// confirming) or edited, and conflicts open the conflict view.
import { useMemo, useState } from 'react';
import { useNavigation } from '../../session/navigation-store.ts';
import { useOpenSession, useSyncStatus } from '../../session/workspace-session.tsx';
import type { RowEditor } from '../../resource-screens/RowEditorLoader.tsx';
import { Badge, Button, ConfirmDialog, type BadgeTone } from '../../ui/index.ts';
import { pageWindow, Pager, VirtualTable, type Column, type PageSize } from '../../ui/list/index.ts';
import type { OpState } from '../../sync/types.ts';
import type { WorkspaceSync } from '../../sync/index.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { describeChange, RESOURCE_NOUNS, STATE_LABELS } from './op-describe.ts';
import { usePendingOps, type PendingEntry } from './use-pending-ops.ts';

const STATE_TONES: Record<OpState, BadgeTone> = { pending: 'info', sending: 'info', failed: 'danger', conflict: 'warning', unknown: 'warning' };

function conflictText(entry: PendingEntry): string {
  const conflict = entry.op.conflict;
  if (!conflict) return '';
  if (conflict.type === 'deleted') return 'Deleted on the service while you changed it.';
  if (conflict.type === 'ambiguous-create') return `Several items on the service match (${conflict.candidates.length}).`;
  return `Also changed on the service: ${conflict.fields.length} field${conflict.fields.length === 1 ? '' : 's'}.`;
}

/**
 * The editors a failed domain or handler change opens in; the app passes them in, so this feature
 * does not reach into the others (links open in the Links screen's own editor).
 */
export interface PendingPageProps {
  editors: Record<'domains' | 'handlers', RowEditor>;
}

export function PendingPage({ editors }: PendingPageProps) {
  const { sync } = useOpenSession();
  const status = useSyncStatus(sync, ['paused', 'syncing']);
  const entries = usePendingOps(sync.db);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(50);
  const [discarding, setDiscarding] = useState<PendingEntry | null>(null);
  const [resolving, setResolving] = useState<PendingEntry | null>(null);
  const [editing, setEditing] = useState<PendingEntry | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const window = pageWindow(entries?.length ?? 0, page, pageSize);
  const rows = useMemo(() => (entries ?? []).slice(window.start, window.end), [entries, window.start, window.end]);
  const attempt = (action: () => Promise<unknown>) => {
    setProblem(null);
    action().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  const edit = (entry: PendingEntry) => {
    if (entry.op.resource === 'links') {
      const nav = useNavigation.getState();
      nav.go('links');
      nav.openLinkEditor({ mode: 'edit', clientId: entry.op.rowId });
    } else setEditing(entry);
  };
  const failed = (entries ?? []).filter((e) => e.op.state === 'failed');

  const columns: Column<PendingEntry>[] = [
    {
      key: 'item',
      header: 'Item',
      width: 'minmax(140px, 2fr)',
      minWidth: 140,
      cell: (e) => (
        <span className="cell-stack">
          <span className="muted cell-small">{RESOURCE_NOUNS[e.op.resource]}</span>
          <span className="cell-strong">{e.label}</span>
        </span>
      ),
    },
    {
      key: 'change',
      header: 'Change',
      width: 'minmax(140px, 2fr)',
      minWidth: 140,
      hideOrder: 2,
      cell: (e) => (
        <span className="cell-text" title={describeChange(e.op)}>
          {describeChange(e.op)}
        </span>
      ),
    },
    { key: 'state', header: 'State', width: '90px', minWidth: 90, cell: (e) => <Badge tone={STATE_TONES[e.op.state]}>{STATE_LABELS[e.op.state]}</Badge> },
    {
      key: 'message',
      header: 'Message',
      width: 'minmax(140px, 2fr)',
      minWidth: 140,
      cell: (e) => {
        const text = e.op.error?.message ?? conflictText(e);
        return text ? (
          <span className="cell-text" title={text}>
            {text}
          </span>
        ) : (
          <span className="muted">—</span>
        );
      },
    },
    {
      key: 'attempts',
      header: <span title="Attempts that failed for a passing reason (offline, timeout, server error) and were retried">Retries</span>,
      width: '70px',
      minWidth: 70,
      hideOrder: 1,
      cell: (e) => String(e.op.attempts),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '210px',
      minWidth: 210,
      cell: (e, { active }) => (
        <span className="row-actions">
          {e.op.state === 'conflict' && (
            <Button size="small" excludeFromTabOrder={!active} variant="primary" onPress={() => setResolving(e)} aria-label={`Resolve ${e.label}`}>
              Resolve
            </Button>
          )}
          {e.op.state === 'failed' && (
            <Button size="small" excludeFromTabOrder={!active} onPress={() => attempt(() => sync.retry(e.op.opId))} aria-label={`Retry ${e.label}`}>
              Retry
            </Button>
          )}
          {/* A bulk create's links are changed once created (their aliases come from the service). */}
          {e.op.kind !== 'delete' && e.op.state !== 'conflict' && !e.op.rows && (
            <Button size="small" excludeFromTabOrder={!active} onPress={() => edit(e)} aria-label={`Edit ${e.label}`}>
              Edit
            </Button>
          )}
          <Button
            size="small"
            excludeFromTabOrder={!active}
            variant="danger"
            isDisabled={e.op.state === 'sending'}
            onPress={() => setDiscarding(e)}
            aria-label={`Discard ${e.label}`}
          >
            Discard
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="page list-page">
      <div className="page-header">
        <h1>Pending changes</h1>
        {failed.length > 1 && (
          <Button
            onPress={() =>
              attempt(async () => {
                for (const e of failed) await sync.retry(e.op.opId);
              })
            }
          >
            Retry all failed
          </Button>
        )}
        <Button onPress={() => attempt(() => sync.syncNow())} isDisabled={status.syncing || status.paused !== null}>
          Sync now
        </Button>
      </div>
      <p className="muted">Changes are saved on this computer first and sent to the service in order. Nothing here is lost when the app closes.</p>
      {problem && (
        <p role="alert" className="banner banner-danger">
          <span>{problem}</span>
        </p>
      )}
      <VirtualTable
        label="Pending changes"
        rows={rows}
        columns={columns}
        rowKey={(e) => e.op.opId}
        rowHeight={52}
        onRowActivate={(e) => (e.op.state === 'conflict' ? setResolving(e) : e.op.kind !== 'delete' ? edit(e) : undefined)}
        empty={entries === undefined ? 'Loading…' : 'Everything is in sync with the service.'}
      />
      <Pager
        window={window}
        noun="changes"
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      {resolving && <ConflictDialog sync={sync} op={resolving.op} label={resolving.label} onClose={() => setResolving(null)} />}
      {editing && editing.op.resource !== 'links' && (
        <Editor resource={editing.op.resource} editors={editors} sync={sync} clientId={editing.op.rowId} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        isOpen={discarding !== null}
        title="Discard change"
        confirmLabel="Discard"
        message={
          <p>
            Discard “{discarding ? describeChange(discarding.op) : ''}” of <strong>{discarding?.label}</strong>? It will not be sent to the service.
            {discarding?.op.kind === 'create' ? ' The new item is removed from this computer.' : ''}
          </p>
        }
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const target = discarding;
          setDiscarding(null);
          if (target) attempt(() => sync.discard(target.op.opId));
        }}
      />
    </div>
  );
}

function Editor(props: PendingPageProps & { resource: 'domains' | 'handlers'; sync: WorkspaceSync; clientId: string; onClose: () => void }) {
  const Chosen = props.editors[props.resource];
  return <Chosen sync={props.sync} clientId={props.clientId} onClose={props.onClose} />;
}
