import { useId, useState, type FormEvent } from 'react';
import { ApiKeySchema, BaseUrlSchema, CallError, WorkspaceNameSchema, type ConnectionTest } from '../../src-preload/contract/index.ts';
import type { ContractApi } from '../contract/contract-client.ts';

type Field = 'name' | 'baseUrl' | 'apiKey';
const schemas = { name: WorkspaceNameSchema, baseUrl: BaseUrlSchema, apiKey: ApiKeySchema };

/** Add a service: name, base URL, API key, with "Test connection" before saving. */
export function AddWorkspaceForm({ api, onAdded }: { api: ContractApi; onAdded?: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', baseUrl: '', apiKey: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [weakWarning, setWeakWarning] = useState<string | null>(null);

  const validate = (fields: Field[]): boolean => {
    const next: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const result = schemas[field].safeParse(values[field]);
      if (!result.success) next[field] = result.error.issues[0]?.message ?? 'Invalid';
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const testConnection = async () => {
    if (!validate(['baseUrl', 'apiKey'])) return;
    setBusy(true);
    setTest(null);
    try {
      setTest(await api.call('workspaces.testConnection', { baseUrl: values.baseUrl, apiKey: values.apiKey }));
    } catch (error) {
      setFormError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent, acceptWeakEncryption = false) => {
    event.preventDefault();
    if (!validate(['name', 'baseUrl', 'apiKey'])) return;
    setBusy(true);
    setFormError(null);
    try {
      await api.call('workspaces.add', { ...values, acceptWeakEncryption });
      setValues({ name: '', baseUrl: '', apiKey: '' });
      setTest(null);
      setWeakWarning(null);
      onAdded?.();
    } catch (error) {
      if (error instanceof CallError && error.kind === 'weak-encryption') setWeakWarning(error.message);
      else if (error instanceof CallError && error.data.field && error.data.field in schemas) {
        setErrors({ [error.data.field]: error.message });
      } else setFormError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        value={values[field]}
        autoComplete="off"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      />
      {errors[field] && (
        <span id={`${id}-${field}-error`} className="field-error">
          {errors[field]}
        </span>
      )}
    </div>
  );

  return (
    <form className="panel" aria-labelledby={`${id}-title`} onSubmit={(e) => void save(e)} noValidate>
      <h2 id={`${id}-title`}>Add a service</h2>
      {input('name', 'Name')}
      {input('baseUrl', 'Base URL')}
      {input('apiKey', 'API key', 'password')}
      {test && (
        <p role="status" className={test.outcome === 'ok' ? 'status-ok' : 'status-error'}>
          {test.message}
        </p>
      )}
      {formError && (
        <p role="alert" className="status-error">
          {formError}
        </p>
      )}
      {weakWarning && (
        <div role="alert" className="panel">
          <p>{weakWarning}</p>
          <button type="button" onClick={(e) => void save(e, true)} disabled={busy}>
            Store the key obfuscated
          </button>
        </div>
      )}
      <div className="actions">
        <button type="button" onClick={() => void testConnection()} disabled={busy}>
          Test connection
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
