// Change a workspace's service address. Another path on the same server keeps the stored key;
// another server (scheme, host or port) needs its own key, since main sends a key only to the
// server it was entered for (issue #14). Plain http to another machine needs the user's consent.
import { useState } from 'react';
import { ApiKeySchema, BaseUrlSchema, CallError, originOf, sameOrigin, type WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';
import { Button, Modal, TextField } from '../../ui/index.ts';
import { InsecureHttpConsent, insecureHttpError, insecureHttpFlag } from './InsecureHttpConsent.tsx';
import { KeySaveBanners } from './KeySaveBanners.tsx';

type Field = 'baseUrl' | 'apiKey';

export function ChangeAddressDialog({ workspace, onClose }: { workspace: WorkspaceInfo; onClose: () => void }) {
  const api = useApi();
  const [baseUrl, setBaseUrl] = useState(workspace.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [insecureConfirmed, setInsecureConfirmed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [weak, setWeak] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const newOrigin = originOf(baseUrl);
  const needsKey = newOrigin !== null && !sameOrigin(baseUrl, workspace.baseUrl);
  const keyLabel = `API key for ${newOrigin ?? 'the new server'}`;

  const validate = (): boolean => {
    const next: Partial<Record<Field, string>> = {};
    const url = BaseUrlSchema.safeParse(baseUrl);
    if (!url.success) next.baseUrl = url.error.issues[0]?.message ?? 'Invalid';
    else if (insecureHttpError(baseUrl, insecureConfirmed)) next.baseUrl = insecureHttpError(baseUrl, insecureConfirmed);
    const key = ApiKeySchema.safeParse(apiKey);
    if (needsKey && !key.success) next.apiKey = key.error.issues[0]?.message ?? 'Enter the API key';
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const save = async (acceptWeakEncryption = false) => {
    if (!validate()) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.call('workspaces.setBaseUrl', {
        workspaceId: workspace.id,
        baseUrl,
        ...(needsKey ? { apiKey } : {}),
        ...(needsKey && acceptWeakEncryption ? { acceptWeakEncryption } : {}),
        allowInsecureHttp: insecureHttpFlag(baseUrl, insecureConfirmed),
      });
      onClose();
    } catch (failure) {
      if (failure instanceof CallError && failure.kind === 'weak-encryption') setWeak(failure.message);
      else if (failure instanceof CallError && (failure.data.field === 'apiKey' || failure.data.field === 'baseUrl'))
        setErrors({ [failure.data.field]: failure.message });
      else setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Address of ${workspace.name}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => void save()} isDisabled={busy}>
            Save address
          </Button>
        </>
      }
    >
      <TextField
        label="Base URL"
        type="url"
        value={baseUrl}
        onChange={(value) => {
          if (!sameOrigin(value, baseUrl)) setInsecureConfirmed(false);
          setBaseUrl(value);
          setErrors({});
        }}
        error={errors.baseUrl}
        autoFocus
      />
      <InsecureHttpConsent baseUrl={baseUrl} confirmed={insecureConfirmed} onChange={setInsecureConfirmed} />
      {needsKey && (
        <>
          <p className="muted dialog-note">
            {newOrigin} is another server than {originOf(workspace.baseUrl)}. The stored API key is only sent to the server it was entered for, so enter the key
            for {newOrigin}.
          </p>
          <TextField label={keyLabel} type="password" value={apiKey} onChange={setApiKey} error={errors.apiKey} />
        </>
      )}
      <KeySaveBanners problem={problem} weak={weak} busy={busy} onStoreWeak={() => void save(true)} />
    </Modal>
  );
}
