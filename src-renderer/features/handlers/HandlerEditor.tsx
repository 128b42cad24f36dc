import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { HANDLER_FIELD_NAMES, HANDLER_TYPES, type HandlerTypeField } from '../../../src-preload/contract/index.ts';
import type { Fields, WorkspaceSync } from '../../sync/index.ts';
import type { OpError } from '../../sync/mirror/rows.ts';
import { RowEditorModal } from '../../resource-screens/RowEditorModal.tsx';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { RowEditorLoader } from '../../resource-screens/RowEditorLoader.tsx';
import { SelectField } from '../../ui/index.ts';
import {
  buildHandlerInput,
  emptyHandler,
  fieldsOfType,
  HANDLER_TYPE_LABELS,
  handlerFormFromView,
  isKnownHandlerType,
  type HandlerFormValues,
} from './handler-form.ts';
import { HANDLER_FIELD_LABELS } from '../../resource-screens/field-labels.ts';

const TYPE_OPTIONS = HANDLER_TYPES.map((type) => ({ value: type, label: HANDLER_TYPE_LABELS[type] }));
const SECRET_FIELDS: ReadonlySet<HandlerTypeField> = new Set(['telegram']);

/** Creates a notification handler (clientId null) or edits one from the mirror. */
export function HandlerEditor({ sync, clientId, onClose }: { sync: WorkspaceSync; clientId: string | null; onClose: () => void }) {
  return (
    <RowEditorLoader sync={sync} resource="handlers" clientId={clientId} title="Notification handler" noun="notification handler" onClose={onClose}>
      {(row) => (
        <HandlerForm
          original={row.view ? handlerFormFromView(row.view) : null}
          serviceError={row.serviceError}
          conflict={row.conflict}
          save={row.save}
          onClose={onClose}
        />
      )}
    </RowEditorLoader>
  );
}

/** The form field an input field is: the type's own fields sit under `fields`. */
function fieldOf(field: string): 'name' | 'type' | `fields.${HandlerTypeField}` | null {
  if (field === 'name' || field === 'type') return field;
  return (HANDLER_FIELD_NAMES as readonly string[]).includes(field) ? `fields.${field as HandlerTypeField}` : null;
}

/** Another type takes other fields: their messages follow the type. */
const TYPE_DEPENDENTS = HANDLER_FIELD_NAMES.map((field) => `fields.${field}` as const);

function HandlerForm(props: {
  original: HandlerFormValues | null;
  serviceError: OpError | null;
  conflict: boolean;
  save: (input: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const [original] = useState(props.original);
  const form = useContractForm<HandlerFormValues, Fields>({
    defaultValues: original ?? emptyHandler(),
    check: (values) => buildHandlerInput(values, original),
    fieldOf,
    serviceError: props.serviceError,
  });
  const type = useWatch({ control: form.form.control, name: 'type' });
  // A type the service has and Linkdock does not know stays choosable as it is (and is not sent).
  const options = original && !isKnownHandlerType(original.type) ? [{ value: original.type, label: original.type }, ...TYPE_OPTIONS] : TYPE_OPTIONS;
  return (
    <RowEditorModal
      form={form}
      title={original ? `Edit ${original.name}` : 'New notification handler'}
      noun="handler"
      conflict={props.conflict}
      save={props.save}
      onClose={props.onClose}
    >
      <div>
        <FormTextField form={form} name="name" label="Name" autoFocus isRequired />
      </div>
      <Controller
        control={form.form.control}
        name="type"
        rules={{ deps: TYPE_DEPENDENTS }}
        render={({ field }) => (
          <SelectField<string> label="Type" value={field.value} options={options} onChange={field.onChange} error={form.errorFor('type')} />
        )}
      />
      {fieldsOfType(type).map((field) => (
        <div key={field}>
          <FormTextField
            form={form}
            name={`fields.${field}`}
            label={HANDLER_FIELD_LABELS[field]}
            type={SECRET_FIELDS.has(field) ? 'password' : field === 'email' ? 'email' : field === 'whatsapp' || field === 'telegram_chat_id' ? 'text' : 'url'}
          />
        </div>
      ))}
      {type === 'internal_notification' && <p className="muted">Internal notifications are shown by the service itself; nothing else to set.</p>}
      {!isKnownHandlerType(type) && (
        <p className="muted">
          Linkdock cannot edit the settings of a “{type}” handler: the service keeps them as they are. You can rename it here, switch it on or off in the list,
          or choose another type.
        </p>
      )}
    </RowEditorModal>
  );
}
