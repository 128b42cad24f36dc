import { useState } from 'react';
import type { Fields, WorkspaceSync } from '../../sync/index.ts';
import { RowEditorModal } from '../../resource-screens/RowEditorModal.tsx';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { RowEditorLoader } from '../../resource-screens/RowEditorLoader.tsx';
import type { OpError } from '../../sync/mirror/rows.ts';
import { buildDomainInput, DOMAIN_FIELDS, domainFormFromView, EMPTY_DOMAIN, type DomainField, type DomainFormValues } from './domain-form.ts';

/** Creates a domain (clientId null) or edits one from the mirror. */
export function DomainEditor({ sync, clientId, onClose }: { sync: WorkspaceSync; clientId: string | null; onClose: () => void }) {
  return (
    <RowEditorLoader sync={sync} resource="domains" clientId={clientId} title="Domain" noun="domain" onClose={onClose}>
      {(row) => (
        <DomainForm
          original={row.view ? domainFormFromView(row.view) : null}
          serviceError={row.serviceError}
          conflict={row.conflict}
          save={row.save}
          onClose={onClose}
        />
      )}
    </RowEditorLoader>
  );
}

const LABELS: Record<DomainField, string> = { host: 'Host', custom_index_url: 'Custom index URL', custom_not_found_url: 'Custom not-found URL' };
const DESCRIPTIONS: Record<DomainField, string> = {
  host: 'The host name short links are served on, e.g. links.example.com.',
  custom_index_url: 'Where visitors of the bare domain go. Leave empty for the service’s default.',
  custom_not_found_url: 'Where visitors of an unknown alias go. Leave empty for the service’s default.',
};

const fieldOf = (field: string): DomainField | null => ((DOMAIN_FIELDS as readonly string[]).includes(field) ? (field as DomainField) : null);

function DomainForm(props: {
  original: DomainFormValues | null;
  serviceError: OpError | null;
  conflict: boolean;
  save: (input: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  // The values the editor opened with; later mirror changes do not move what the user is editing.
  const [original] = useState(props.original);
  const form = useContractForm<DomainFormValues, Fields>({
    defaultValues: original ?? EMPTY_DOMAIN,
    check: (values) => buildDomainInput(values, original),
    fieldOf,
    serviceError: props.serviceError,
  });
  return (
    <RowEditorModal
      form={form}
      title={original ? `Edit ${original.host}` : 'New domain'}
      noun="domain"
      conflict={props.conflict}
      save={props.save}
      onClose={props.onClose}
    >
      {DOMAIN_FIELDS.map((field) => (
        <div key={field}>
          <FormTextField
            form={form}
            name={field}
            label={LABELS[field]}
            type={field === 'host' ? 'text' : 'url'}
            description={DESCRIPTIONS[field]}
            autoFocus={field === 'host'}
            isRequired={field === 'host'}
          />
        </div>
      ))}
    </RowEditorModal>
  );
}
