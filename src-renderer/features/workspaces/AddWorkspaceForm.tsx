import { useState } from 'react';
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

/** Add a service: name, base URL, API key, with "Test connection" before saving. */
export function AddWorkspaceForm({ onAdded }: { onAdded?: (workspaceId: string) => void }) {
  const api = useApi();
  const form = useContractForm<AddWorkspaceValues, AddInput>({ defaultValues: EMPTY_WORKSPACE, check: checkAddWorkspace });
  const { control, setValue, setError, clearErrors, getValues, trigger, reset } = form.form;
  const baseUrl = useWatch({ control, name: 'baseUrl' });
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [weakWarning, setWeakWarning] = useState<string | null>(null);
  const busy = testing || form.busy;

  const testConnection = async () => {
    // Only what the test needs is checked, and said.
    if (busy || !(await trigger(['baseUrl', 'apiKey'], { shouldTouch: true }))) return;
    const values = getValues();
    setTesting(true);
    setTest(null);
    clearErrors('root');
    try {
      setTest(
        await api.call('workspaces.testConnection', {
          baseUrl: values.baseUrl,
          apiKey: values.apiKey,
          allowInsecureHttp: insecureHttpFlag(values.baseUrl, values.insecureConfirmed),
        }),
      );
    } catch (error) {
      setError('root', { type: 'test', message: (error as Error).message });
    } finally {
      setTesting(false);
    }
  };

  const save = (acceptWeakEncryption = false) =>
    form.submit(async (input) => {
      try {
        const added = await api.call('workspaces.add', { ...input, acceptWeakEncryption });
        reset(EMPTY_WORKSPACE);
        setTest(null);
        setWeakWarning(null);
        onAdded?.(added.id);
      } catch (error) {
        if (error instanceof CallError && error.kind === 'weak-encryption') setWeakWarning(error.message);
        else if (error instanceof CallError && error.data.field && FIELDS.includes(error.data.field))
          setError(error.data.field as keyof AddWorkspaceValues, { type: 'save', message: error.message });
        else throw error;
      }
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
      {test && (
        <p role="status" className={`banner ${test.outcome === 'ok' ? 'banner-info' : 'banner-danger'}`}>
          <span>{test.message}</span>
        </p>
      )}
      <KeySaveBanners problem={form.formMessage ?? null} weak={weakWarning} busy={busy} onStoreWeak={() => save(true)} />
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
