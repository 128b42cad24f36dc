import { useState, type FormEvent } from 'react';
import { ApiKeySchema, BaseUrlSchema, CallError, sameOrigin, WorkspaceNameSchema, type ConnectionTest } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';
import { Button, TextField } from '../../ui/index.ts';
import { InsecureHttpConsent, insecureHttpError, insecureHttpFlag } from './InsecureHttpConsent.tsx';
import { KeySaveBanners } from './KeySaveBanners.tsx';

type Field = 'name' | 'baseUrl' | 'apiKey';
const schemas = { name: WorkspaceNameSchema, baseUrl: BaseUrlSchema, apiKey: ApiKeySchema };
const EMPTY: Record<Field, string> = { name: '', baseUrl: '', apiKey: '' };

/** Add a service: name, base URL, API key, with "Test connection" before saving. */
export function AddWorkspaceForm({ onAdded }: { onAdded?: (workspaceId: string) => void }) {
  const api = useApi();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [weakWarning, setWeakWarning] = useState<string | null>(null);
  const [insecureConfirmed, setInsecureConfirmed] = useState(false);
  const allowInsecureHttp = insecureHttpFlag(values.baseUrl, insecureConfirmed);

  const validate = (fields: Field[]): boolean => {
    const next: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const result = schemas[field].safeParse(values[field]);
      if (!result.success) next[field] = result.error.issues[0]?.message ?? 'Invalid';
    }
    const insecure = insecureHttpError(values.baseUrl, insecureConfirmed);
    if (fields.includes('baseUrl') && !next.baseUrl && insecure) next.baseUrl = insecure;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const testConnection = async () => {
    if (!validate(['baseUrl', 'apiKey'])) return;
    setBusy(true);
    setTest(null);
    setFormError(null);
    try {
      setTest(await api.call('workspaces.testConnection', { baseUrl: values.baseUrl, apiKey: values.apiKey, allowInsecureHttp }));
    } catch (error) {
      setFormError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const save = async (acceptWeakEncryption = false) => {
    if (!validate(['name', 'baseUrl', 'apiKey'])) return;
    setBusy(true);
    setFormError(null);
    try {
      const added = await api.call('workspaces.add', { ...values, acceptWeakEncryption, allowInsecureHttp });
      setValues(EMPTY);
      setInsecureConfirmed(false);
      setTest(null);
      setWeakWarning(null);
      onAdded?.(added.id);
    } catch (error) {
      if (error instanceof CallError && error.kind === 'weak-encryption') setWeakWarning(error.message);
      else if (error instanceof CallError && error.data.field && error.data.field in schemas) setErrors({ [error.data.field]: error.message });
      else setFormError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const field = (name: Field, label: string, type: 'text' | 'url' | 'password' = 'text', description?: string) => (
    <TextField
      label={label}
      type={type}
      value={values[name]}
      onChange={(value) => {
        // A confirmation of plain http holds for the server it was given for only.
        if (name === 'baseUrl' && !sameOrigin(value, values.baseUrl)) setInsecureConfirmed(false);
        setValues({ ...values, [name]: value });
      }}
      error={errors[name]}
      description={description}
    />
  );

  return (
    <form className="panel form-grid" aria-labelledby="add-workspace-title" onSubmit={onSubmit} noValidate>
      <h2 id="add-workspace-title">Add a service</h2>
      {field('name', 'Name')}
      {field('baseUrl', 'Base URL', 'url', 'The address of the link-shortening service, e.g. https://links.example.com/')}
      <InsecureHttpConsent baseUrl={values.baseUrl} confirmed={insecureConfirmed} onChange={setInsecureConfirmed} />
      {field('apiKey', 'API key', 'password', 'Kept encrypted by the system key store; it never reaches this window again.')}
      {test && (
        <p role="status" className={`banner ${test.outcome === 'ok' ? 'banner-info' : 'banner-danger'}`}>
          <span>{test.message}</span>
        </p>
      )}
      <KeySaveBanners problem={formError} weak={weakWarning} busy={busy} onStoreWeak={() => void save(true)} />
      <div className="toolbar">
        <Button onPress={() => void testConnection()} isDisabled={busy}>
          Test connection
        </Button>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
