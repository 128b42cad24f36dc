import { useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CallError, sameOrigin, type ConnectionTest } from '../../../src-preload/contract/index.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { useApi } from '../../session/api-context.tsx';
import { Button } from '../../ui/index.ts';
import { InsecureHttpConsent } from './InsecureHttpConsent.tsx';
import { KeySaveBanners } from './KeySaveBanners.tsx';
import { checkAddWorkspace, EMPTY_WORKSPACE, insecureHttpFlag, type AddWorkspaceValues } from './workspace-forms.ts';

type AddInput = NonNullable<ReturnType<typeof checkAddWorkspace>['input']>;
const FIELDS: readonly string[] = ['name', 'baseUrl', 'apiKey'] satisfies (keyof AddWorkspaceValues)[];

/**
 * Add a service: name, base URL, API key. Save tests the connection first (with progress and
 * Cancel) and keeps a workspace whose test failed only when the user says so; a refused key is
 * said beside the key.
 */
export function AddWorkspaceForm({ onAdded }: { onAdded?: (workspaceId: string) => void }) {
  const api = useApi();
  const form = useContractForm<AddWorkspaceValues, AddInput>({ defaultValues: EMPTY_WORKSPACE, check: checkAddWorkspace });
  const { control, setValue, setError, clearErrors, getValues, trigger, reset } = form.form;
  const baseUrl = useWatch({ control, name: 'baseUrl' });
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState<'test' | 'save' | null>(null);
  /** Saving waits for the user: the test failed, keep the workspace anyway? */
  const [askKeep, setAskKeep] = useState(false);
  const [weakWarning, setWeakWarning] = useState<string | null>(null);
  // A test the user cancelled still answers later: its answer is ignored.
  const generation = useRef(0);
  const busy = testing !== null || form.busy;

  /** Runs the test on the form's values; null when cancelled. A refused key goes beside the key. */
  const runTest = async (purpose: 'test' | 'save'): Promise<ConnectionTest | null> => {
    const values = getValues();
    const mine = ++generation.current;
    setTesting(purpose);
    setTest(null);
    setAskKeep(false);
    clearErrors('root');
    try {
      const result = await api.call('workspaces.testConnection', {
        baseUrl: values.baseUrl,
        apiKey: values.apiKey,
        allowInsecureHttp: insecureHttpFlag(values.baseUrl, values.insecureConfirmed),
      });
      if (mine !== generation.current) return null;
      setTest(result);
      if (result.outcome === 'bad-key') setError('apiKey', { type: 'test', message: `The service refused this key: ${result.message}` });
      return result;
    } catch (error) {
      if (mine === generation.current) setError('root', { type: 'test', message: (error as Error).message });
      return null;
    } finally {
      if (mine === generation.current) setTesting(null);
    }
  };
  const cancelTest = () => {
    generation.current++;
    setTesting(null);
  };
  /** "Test connection": only what the test needs is checked, and said. */
  const testOnly = async () => {
    if (!busy && (await trigger(['baseUrl', 'apiKey'], { shouldTouch: true }))) await runTest('test');
  };

  const addWorkspace = async (input: AddInput, acceptWeakEncryption: boolean) => {
    try {
      const added = await api.call('workspaces.add', { ...input, acceptWeakEncryption });
      reset(EMPTY_WORKSPACE);
      setTest(null);
      setAskKeep(false);
      setWeakWarning(null);
      onAdded?.(added.id);
    } catch (error) {
      if (error instanceof CallError && error.kind === 'weak-encryption') setWeakWarning(error.message);
      else if (error instanceof CallError && error.data.field && FIELDS.includes(error.data.field))
        setError(error.data.field as keyof AddWorkspaceValues, { type: 'save', message: error.message });
      else throw error;
    }
  };
  /** Keeps the workspace without (another) test: "Save anyway", or storing the key obfuscated. */
  const add = (acceptWeakEncryption = false) => form.submit((input) => addWorkspace(input, acceptWeakEncryption))();

  /** Save: everything checked, then the connection tested; a failed test asks before keeping. */
  const save = () =>
    form.submit(async (input) => {
      if (busy) return;
      const result = await runTest('save');
      if (result === null) return;
      if (result.outcome === 'ok') await addWorkspace(input, false);
      else setAskKeep(true);
    })();

  return (
    <form
      className="panel form-grid"
      aria-labelledby="add-workspace-title"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      noValidate
    >
      <h2 id="add-workspace-title">Add a service</h2>
      <FormTextField form={form} name="name" label="Name" />
      <FormTextField
        form={form}
        name="baseUrl"
        label="Base URL"
        type="url"
        description="The address of the link-shortening service, e.g. https://links.example.com/"
        // A confirmation of plain http holds for the server it was given for only.
        onValueChange={(next, previous) => !sameOrigin(next, previous) && setValue('insecureConfirmed', false)}
      />
      <Controller
        control={control}
        name="insecureConfirmed"
        rules={{ deps: ['baseUrl'] }}
        render={({ field }) => <InsecureHttpConsent baseUrl={baseUrl} confirmed={field.value} onChange={field.onChange} />}
      />
      <FormTextField
        form={form}
        name="apiKey"
        label="API key"
        type="password"
        description="Kept encrypted by the system key store; it never reaches this window again."
      />
      {testing && (
        <div role="status" className="banner banner-info">
          <span className="spinner" aria-hidden="true" />
          <span>Testing the connection to the service…</span>
          <Button size="small" onPress={cancelTest}>
            Cancel
          </Button>
        </div>
      )}
      {test && !testing && (
        <div role={test.outcome === 'ok' ? 'status' : 'alert'} className={`banner ${test.outcome === 'ok' ? 'banner-info' : 'banner-danger'}`}>
          <span>{test.outcome === 'ok' ? test.message : `Connection test failed: ${test.message}`}</span>
          {askKeep && (
            <span className="banner-actions">
              <Button size="small" onPress={() => setAskKeep(false)}>
                Keep editing
              </Button>
              <Button size="small" variant="danger" onPress={() => add()}>
                Save anyway
              </Button>
            </span>
          )}
        </div>
      )}
      <KeySaveBanners problem={form.formMessage ?? null} weak={weakWarning} busy={busy} onStoreWeak={() => add(true)} />
      <div className="toolbar">
        <Button onPress={() => void testOnly()} isDisabled={busy}>
          Test connection
        </Button>
        <Button type="submit" variant="primary" isDisabled={busy}>
          {testing === 'save' ? 'Testing…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
