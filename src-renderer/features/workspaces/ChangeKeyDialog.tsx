// Enter a new API key for a workspace (after the service refused the old one, or to rotate it):
// test it, store it in main's vault, and resume syncing when that workspace is open.
import { useState } from 'react';
import { ApiKeySchema, CallError, type WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';
import { useSession } from '../../session/workspace-session.tsx';
import { Button, Modal, TextField } from '../../ui/index.ts';
import { KeySaveBanners } from './KeySaveBanners.tsx';

export function ChangeKeyDialog({ workspace, onClose }: { workspace: WorkspaceInfo; onClose: () => void }) {
  const api = useApi();
  const session = useSession();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [weak, setWeak] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (acceptWeakEncryption = false) => {
    const parsed = ApiKeySchema.safeParse(key);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter the API key');
    setBusy(true);
    setProblem(null);
    try {
      const test = await api.call('workspaces.testConnection', { workspaceId: workspace.id, apiKey: parsed.data });
      if (test.outcome === 'bad-key') {
        setError(test.message);
        return;
      }
      await api.call('workspaces.setKey', { workspaceId: workspace.id, apiKey: parsed.data, acceptWeakEncryption });
      setKey('');
      // The engine paused on the refused key: clear the pause and sync with the new one.
      if (session?.workspace.id === workspace.id) void session.sync.resume();
      onClose();
    } catch (failure) {
      if (failure instanceof CallError && failure.kind === 'weak-encryption') setWeak(failure.message);
      else if (failure instanceof CallError && failure.data.field === 'apiKey') setError(failure.message);
      else setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`New API key for ${workspace.name}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => void save()} isDisabled={busy}>
            Save key
          </Button>
        </>
      }
    >
      <p className="muted dialog-note">The key is tested against {workspace.baseUrl} and then kept by the system key store, never in this window.</p>
      <TextField
        label="API key"
        type="password"
        value={key}
        onChange={(value) => {
          setKey(value);
          setError(undefined);
        }}
        error={error}
        autoFocus
        onKeyDown={(event) => event.key === 'Enter' && void save()}
      />
      <KeySaveBanners problem={problem} weak={weak} busy={busy} onStoreWeak={() => void save(true)} />
    </Modal>
  );
}
