// Enter a new API key for a workspace (after the service refused the old one, or to rotate it):
// test it, store it in main's vault, and resume syncing when that workspace is open.
import { useState } from 'react';
import { CallError, type WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { useApi } from '../../session/api-context.tsx';
import { useSession } from '../../session/workspace-session.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { KeySaveBanners } from './KeySaveBanners.tsx';
import { checkKey } from './workspace-forms.ts';

type KeyInput = NonNullable<ReturnType<typeof checkKey>['input']>;

export function ChangeKeyDialog({ workspace, onClose }: { workspace: WorkspaceInfo; onClose: () => void }) {
  const api = useApi();
  const session = useSession();
  const form = useContractForm<{ apiKey: string }, KeyInput>({ defaultValues: { apiKey: '' }, check: (values) => checkKey(workspace.id, values) });
  const { setError } = form.form;
  const [weak, setWeak] = useState<string | null>(null);

  const save = (acceptWeakEncryption = false) =>
    form.submit(async (input) => {
      try {
        const test = await api.call('workspaces.testConnection', { workspaceId: input.workspaceId, apiKey: input.apiKey });
        if (test.outcome === 'bad-key') return setError('apiKey', { type: 'save', message: test.message });
        await api.call('workspaces.setKey', { ...input, acceptWeakEncryption });
        // The engine paused on the refused key: clear the pause and sync with the new one.
        if (session?.workspace.id === workspace.id) void session.sync.resume();
        onClose();
      } catch (failure) {
        if (failure instanceof CallError && failure.kind === 'weak-encryption') setWeak(failure.message);
        else if (failure instanceof CallError && failure.data.field === 'apiKey') setError('apiKey', { type: 'save', message: failure.message });
        else throw failure;
      }
    })();

  return (
    <Modal
      title={`New API key for ${workspace.name}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => save()} isDisabled={form.busy}>
            Save key
          </Button>
        </>
      }
    >
      <p className="muted dialog-note">The key is tested against {workspace.baseUrl} and then kept by the system key store, never in this window.</p>
      <FormTextField form={form} name="apiKey" label="API key" type="password" autoFocus onKeyDown={(event) => event.key === 'Enter' && save()} />
      <KeySaveBanners problem={form.formMessage ?? null} weak={weak} busy={form.busy} onStoreWeak={() => save(true)} />
    </Modal>
  );
}
