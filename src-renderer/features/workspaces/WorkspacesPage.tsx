import { useState } from 'react';
import type { WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import { WorkspaceAccount } from './WorkspaceAccount.tsx';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { Badge, Button, ConfirmDialog, Modal } from '../../ui/index.ts';
import { AddWorkspaceForm } from './AddWorkspaceForm.tsx';
import { ChangeAddressDialog } from './ChangeAddressDialog.tsx';
import { ChangeKeyDialog } from './ChangeKeyDialog.tsx';
import { useWorkspaces } from '../../session/use-workspaces.tsx';
import { useNavigation } from '../../session/navigation-store.ts';
import { useApi } from '../../session/api-context.tsx';
import { useOpenWorkspaces } from '../../session/workspace-session.tsx';
import type { WorkspaceSync } from '../../sync/index.ts';
import { useWorkspaceSyncSummary, WorkspaceKeyBadge, WorkspaceSyncLine } from './WorkspaceSyncState.tsx';
import { checkRename } from './workspace-forms.ts';

export function WorkspacesPage() {
  const { workspaces, currentId, loaded, error, select, rename, remove } = useWorkspaces();
  const [renaming, setRenaming] = useState<WorkspaceInfo | null>(null);
  const [removing, setRemoving] = useState<WorkspaceInfo | null>(null);
  const [changingKeyHere, setChangingKey] = useState<WorkspaceInfo | null>(null);
  // The key-refused banner asks for a workspace's key dialog through navigation.
  const { keyDialogFor, openKeyDialog } = useNavigation();
  const changingKey = changingKeyHere ?? workspaces.find((w) => w.id === keyDialogFor) ?? null;
  const open = useOpenWorkspaces();
  const syncOf = (id: string) => open.find((entry) => entry.workspaceId === id)?.sync ?? null;
  const [changingAddress, setChangingAddress] = useState<WorkspaceInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = (action: () => Promise<void>) => action().catch((e: unknown) => setProblem((e as Error).message));

  return (
    <div className="page">
      <div className="page-header">
        <h1>Workspaces</h1>
      </div>
      {(error ?? problem) && (
        <p role="alert" className="banner banner-danger">
          <span>{error ?? problem}</span>
        </p>
      )}
      <section className="panel" aria-labelledby="workspaces-title">
        <h2 id="workspaces-title" className="visually-hidden">
          Your workspaces
        </h2>
        {!loaded && <p className="muted">Loading…</p>}
        {loaded && workspaces.length === 0 && !error && <p className="muted">No workspaces yet. Add a service below.</p>}
        <ul className="workspace-list">
          {workspaces.map((workspace) => (
            <WorkspaceRow
              key={workspace.id}
              workspace={workspace}
              sync={syncOf(workspace.id)}
              isOpen={workspace.id === currentId}
              onOpen={() => void attempt(() => select(workspace.id))}
              onRename={() => setRenaming(workspace)}
              onChangeAddress={() => setChangingAddress(workspace)}
              onChangeKey={() => setChangingKey(workspace)}
              onRemove={() => setRemoving(workspace)}
            />
          ))}
        </ul>
      </section>
      {loaded && !workspaces.some((w) => w.sandbox) && <SandboxOffer onRestored={(id) => void attempt(() => select(id))} />}
      <AddWorkspaceForm onAdded={(id) => void attempt(() => select(id))} />
      {renaming && (
        <RenameDialog
          workspace={renaming}
          onClose={() => setRenaming(null)}
          onRename={(name) =>
            attempt(async () => {
              await rename(renaming.id, name);
              setRenaming(null);
            })
          }
        />
      )}
      {changingAddress && <ChangeAddressDialog workspace={changingAddress} onClose={() => setChangingAddress(null)} />}
      {changingKey && (
        <ChangeKeyDialog
          workspace={changingKey}
          onClose={() => {
            setChangingKey(null);
            openKeyDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove workspace"
        confirmLabel="Remove"
        message={
          <p>
            Remove <strong>{removing?.name}</strong>? Its stored key and its offline copy on this computer are deleted. Changes not yet synced are lost. Nothing
            on the service is deleted.
          </p>
        }
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing;
          setRemoving(null);
          if (target) void attempt(() => remove(target.id));
        }}
      />
    </div>
  );
}

function RenameDialog({ workspace, onClose, onRename }: { workspace: WorkspaceInfo; onClose: () => void; onRename: (name: string) => Promise<unknown> }) {
  const form = useContractForm<{ name: string }, { name: string }>({
    defaultValues: { name: workspace.name },
    check: (values) => checkRename(workspace.id, values),
  });
  const submit = form.submit(async (input) => {
    await onRename(input.name);
  });
  return (
    <Modal
      title={`Rename ${workspace.name}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={submit} isDisabled={form.busy}>
            Save
          </Button>
        </>
      }
    >
      <FormTextField form={form} name="name" label="Name" autoFocus onKeyDown={(e) => e.key === 'Enter' && submit()} />
    </Modal>
  );
}

/** One workspace: its name, address, account and sync, its key, and what can be done with it. */
function WorkspaceRow(props: {
  workspace: WorkspaceInfo;
  sync: WorkspaceSync | null;
  isOpen: boolean;
  onOpen: () => void;
  onRename: () => void;
  onChangeAddress: () => void;
  onChangeKey: () => void;
  onRemove: () => void;
}) {
  const { workspace } = props;
  const summary = useWorkspaceSyncSummary(props.sync);
  return (
    <li aria-current={props.isOpen ? 'true' : undefined}>
      <div className="workspace-name">
        <strong>{workspace.name}</strong>
        <span className="muted">{workspace.baseUrl}</span>
        {workspace.hasKey && <WorkspaceAccount workspaceId={workspace.id} />}
        <WorkspaceSyncLine summary={summary} />
      </div>
      {workspace.sandbox && <Badge tone="info">Sandbox</Badge>}
      <WorkspaceKeyBadge hasKey={workspace.hasKey} refused={summary.refused} />
      {props.isOpen ? (
        <Badge tone="info">Open</Badge>
      ) : (
        <Button size="small" onPress={props.onOpen} aria-label={`Open ${workspace.name}`}>
          Open
        </Button>
      )}
      <Button size="small" onPress={props.onRename} aria-label={`Rename ${workspace.name}`}>
        Rename
      </Button>
      {!workspace.sandbox && (
        <Button size="small" onPress={props.onChangeAddress} aria-label={`Change address of ${workspace.name}`}>
          Change address
        </Button>
      )}
      <Button size="small" onPress={props.onChangeKey} aria-label={`Change key of ${workspace.name}`}>
        Change key
      </Button>
      <Button size="small" variant="danger" onPress={props.onRemove} aria-label={`Remove ${workspace.name}`}>
        Remove
      </Button>
    </li>
  );
}

/** After the Sandbox workspace was removed: bring it back (a new demo account on this computer). */
function SandboxOffer({ onRestored }: { onRestored: (workspaceId: string) => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section className="panel form-grid" aria-labelledby="sandbox-offer-title">
      <h2 id="sandbox-offer-title">Try Linkdock without an account</h2>
      <p className="muted">
        The Sandbox workspace is a link service on this computer, with demo links and clicks. It starts empty of your data and stays here.
      </p>
      {problem && (
        <p role="alert" className="banner banner-danger">
          <span>{problem}</span>
        </p>
      )}
      <div className="toolbar">
        <Button
          isDisabled={busy}
          onPress={() => {
            setBusy(true);
            setProblem(null);
            api
              .call('desktop.restoreSandbox', {})
              .then(({ workspaceId }) => onRestored(workspaceId))
              .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
              .finally(() => setBusy(false));
          }}
        >
          {busy ? 'Starting the sandbox…' : 'Bring back the Sandbox workspace'}
        </Button>
      </div>
    </section>
  );
}
