import { useState } from 'react';
import { HANDLER_FIELD_NAMES, HANDLER_TYPES, type HandlerType, type HandlerTypeField } from '../../../src-preload/contract/index.ts';
import type { WorkspaceSync } from '../../sync/index.ts';
import type { OpError } from '../../sync/mirror/rows.ts';
import { EditorModal } from '../../resource-screens/EditorModal.tsx';
import { useEditorForm } from '../../resource-screens/use-editor-form.ts';
import { RowEditorLoader } from '../../resource-screens/RowEditorLoader.tsx';
import { SelectField, TextField } from '../../ui/index.ts';
import { buildHandlerInput, emptyHandler, fieldsOfType, HANDLER_TYPE_LABELS, handlerFormFromView, type HandlerFormValues } from './handler-form.ts';
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

function valueOf(values: HandlerFormValues, field: string): unknown {
  if (field === 'name') return values.name;
  if (field === 'type') return values.type;
  return (HANDLER_FIELD_NAMES as readonly string[]).includes(field) ? values.fields[field as HandlerTypeField] : undefined;
}

function HandlerForm(props: {
  original: HandlerFormValues | null;
  serviceError: OpError | null;
  conflict: boolean;
  save: (input: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const [original] = useState(props.original);
  const form = useEditorForm<HandlerFormValues>({
    initial: original ?? emptyHandler(),
    original,
    build: buildHandlerInput,
    valueOf,
    serviceError: props.serviceError,
    save: props.save,
    onDone: props.onClose,
  });
  const { values } = form;
  return (
    <EditorModal
      title={original ? `Edit ${original.name}` : 'New notification handler'}
      onClose={props.onClose}
      onSave={() => void form.submit()}
      busy={form.busy}
      message={form.message}
      serviceMessage={form.generalServiceError}
      notice={
        props.conflict && (
          <p className="banner banner-warning">
            <span>This handler was also changed on the service. Choose what to keep on the Pending changes page.</span>
          </p>
        )
      }
    >
      <div>
        <TextField label="Name" value={values.name} onChange={(name) => form.update({ ...values, name })} error={form.errorFor('name')} autoFocus isRequired />
      </div>
      <SelectField<HandlerType>
        label="Type"
        value={values.type}
        options={TYPE_OPTIONS}
        onChange={(type) => form.update({ ...values, type })}
        error={form.errorFor('type')}
      />
      {fieldsOfType(values.type).map((field) => (
        <div key={field}>
          <TextField
            label={HANDLER_FIELD_LABELS[field]}
            type={SECRET_FIELDS.has(field) ? 'password' : field === 'email' ? 'email' : field === 'whatsapp' || field === 'telegram_chat_id' ? 'text' : 'url'}
            value={values.fields[field]}
            onChange={(value) => form.update({ ...values, fields: { ...values.fields, [field]: value } })}
            error={form.errorFor(field)}
          />
        </div>
      ))}
      {values.type === 'internal_notification' && <p className="muted">Internal notifications are shown by the service itself; nothing else to set.</p>}
    </EditorModal>
  );
}
