// Change a workspace's service address. Another path on the same server keeps the stored key;
// another server (scheme, host or port) needs its own key, since main sends a key only to the
// server it was entered for (issue #14). Plain http to another machine needs the user's consent.
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CallError, originOf, sameOrigin, type WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { useApi } from '../../session/api-context.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { InsecureHttpConsent } from './InsecureHttpConsent.tsx';
import { KeySaveBanners } from './KeySaveBanners.tsx';
import { checkAddress, needsKey, type AddressValues } from './workspace-forms.ts';

type AddressInput = NonNullable<ReturnType<typeof checkAddress>['input']>;

export function ChangeAddressDialog({ workspace, onClose }: { workspace: WorkspaceInfo; onClose: () => void }) {
  const api = useApi();
  const form = useContractForm<AddressValues, AddressInput>({
    defaultValues: { baseUrl: workspace.baseUrl, apiKey: '', insecureConfirmed: false },
    check: (values) => checkAddress(workspace, values),
  });
  const { control, setValue, setError } = form.form;
  const baseUrl = useWatch({ control, name: 'baseUrl' });
  const [weak, setWeak] = useState<string | null>(null);
  const newOrigin = originOf(baseUrl);
  const keyNeeded = needsKey(workspace.baseUrl, baseUrl);

  const save = (acceptWeakEncryption = false) =>
    form.submit(async (input) => {
      try {
        await api.call('workspaces.setBaseUrl', { ...input, ...(input.apiKey !== undefined && acceptWeakEncryption ? { acceptWeakEncryption } : {}) });
        onClose();
      } catch (failure) {
        if (failure instanceof CallError && failure.kind === 'weak-encryption') setWeak(failure.message);
        else if (failure instanceof CallError && (failure.data.field === 'apiKey' || failure.data.field === 'baseUrl'))
          setError(failure.data.field, { type: 'save', message: failure.message });
        else throw failure;
      }
    })();

  return (
    <Modal
      title={`Address of ${workspace.name}`}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => save()} isDisabled={form.busy}>
            Save address
          </Button>
        </>
      }
    >
      <FormTextField
        form={form}
        name="baseUrl"
        label="Base URL"
        type="url"
        autoFocus
        // Whether a key is needed, and which, follows the address.
        deps={['apiKey']}
        // A confirmation of plain http holds for the server it was given for only.
        onValueChange={(next, previous) => !sameOrigin(next, previous) && setValue('insecureConfirmed', false)}
      />
      <Controller
        control={control}
        name="insecureConfirmed"
        rules={{ deps: ['baseUrl'] }}
        render={({ field }) => <InsecureHttpConsent baseUrl={baseUrl} confirmed={field.value} onChange={field.onChange} />}
      />
      {keyNeeded && (
        <>
          <p className="muted dialog-note">
            {newOrigin} is another server than {originOf(workspace.baseUrl)}. The stored API key is only sent to the server it was entered for, so enter the key
            for {newOrigin}.
          </p>
          <FormTextField form={form} name="apiKey" label={`API key for ${newOrigin ?? 'the new server'}`} type="password" />
        </>
      )}
      <KeySaveBanners problem={form.formMessage ?? null} weak={weak} busy={form.busy} onStoreWeak={() => save(true)} />
    </Modal>
  );
}
