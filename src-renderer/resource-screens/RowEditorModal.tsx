import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Fields } from '../sync/index.ts';
import { EditorModal } from './EditorModal.tsx';
import type { ContractForm } from './use-contract-form.ts';

/**
 * A domain or handler editor's frame over its contract form: Save sends the input (nothing when
 * nothing changed) and closes; the form's and the service's general messages above the fields; a
 * row waiting for a decision says where to make it.
 */
export function RowEditorModal<V extends FieldValues>(props: {
  form: ContractForm<V, Fields>;
  title: string;
  /** "domain", "handler": the conflict notice names the row. */
  noun: string;
  conflict: boolean;
  save: (input: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { form } = props;
  const save = form.submit(async (input) => {
    if (Object.keys(input).length > 0) await props.save(input);
    props.onClose();
  });
  return (
    <EditorModal
      title={props.title}
      onClose={props.onClose}
      onSave={save}
      busy={form.busy}
      message={form.formMessage ?? null}
      serviceMessage={form.generalServiceError}
      unsaved={form.form.formState.isDirty}
      notice={
        props.conflict && (
          <p className="banner banner-warning">
            <span>This {props.noun} was also changed on the service. Choose what to keep on the Pending changes page.</span>
          </p>
        )
      }
    >
      {props.children}
    </EditorModal>
  );
}
