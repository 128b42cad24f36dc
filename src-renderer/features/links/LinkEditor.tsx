// The link editor: every create/update field of the API, grouped (LinkEditorSections.tsx,
// LinkEditorLists.tsx), on the one form system (useContractForm: react-hook-form checked by the
// contract's LinkCreateSchema / LinkUpdateSchema through link-form.ts): the contract's messages
// beside the fields they name, and the service's answer to an earlier save.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { WorkspaceSession } from '../../session/workspace-session.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import {
  accountTimeZone,
  BULK_ROW_EDIT_MESSAGE,
  EditError,
  reportsKnown,
  rowView,
  type Fields,
  type LinkCreate,
  type LinkPatch,
  type MirrorRow,
  type Ref,
  linkRows,
} from '../../sync/index.ts';
import type { Handler, Link } from '../../../src-preload/contract/index.ts';
import { Button, ConfirmDialog, Modal, showToast } from '../../ui/index.ts';
import { deleteWithUndo } from '../../resource-screens/undoable.ts';
import { buildIndex, domainLabel, domainKeyOf, serverIdMap, MAIN_DOMAIN, type LinkIndex } from './link-index.ts';
import { buildLinkInput, EMPTY_FORM, formFieldOf, formFromView, type LinkForm } from './link-form.ts';
import { BasicsSection, CloakingSection, LimitsSection, ProtectionSection, RedirectSection, ScheduleSection, UtmSection } from './LinkEditorSections.tsx';
import { ReportsSection, TargetingSection } from './LinkEditorLists.tsx';

export interface LinkEditorProps {
  session: WorkspaceSession;
  index: LinkIndex | null;
  /** Null for a new link. */
  clientId: string | null;
  /** A new link starting from this one's settings (Duplicate). */
  copyOf?: string | null;
  onClose: () => void;
}

export function LinkEditor(props: LinkEditorProps) {
  const { db } = props.session.sync;
  const row = useLiveQuery(() => (props.clientId ? linkRows(db).get(props.clientId) : undefined), [db, props.clientId], null);
  const source = useLiveQuery(() => (props.copyOf ? linkRows(db).get(props.copyOf) : undefined), [db, props.copyOf], null);
  const handlers = useLiveQuery(() => db.handlers.toArray(), [db], null);
  const title = props.clientId ? 'Edit link' : 'New link';
  const loading = handlers === null || (props.clientId !== null && row === null) || (Boolean(props.copyOf) && source === null);
  if (loading || (props.clientId && !row)) {
    return (
      <Modal title={title} isOpen onClose={props.onClose} size="large">
        <p className="muted">{loading ? 'Loading…' : 'This link no longer exists.'}</p>
      </Modal>
    );
  }
  return <EditorForm {...props} row={row ?? null} source={source ?? null} handlers={handlers} title={title} />;
}

/**
 * A copy's form: every setting of the source the service lets a create carry, a new alias (the
 * service picks one when left empty). The source's password and files cannot be read back, so
 * they are not copied: the form starts without them, and says so.
 */
function copyForm(form: LinkForm): LinkForm {
  return { ...form, url: '', password: '', has_password: false, cloaking_favicon: null, cloaking_opengraph: null };
}

function initialForm(row: MirrorRow<Link> | null, handlers: MirrorRow<Handler>[], index: LinkIndex | null): LinkForm {
  if (!row) return EMPTY_FORM;
  const view = rowView('links', row);
  const hasPassword = Boolean(row.base?.settings.password) || typeof row.writeOnly.password === 'string';
  const byServer = new Map(handlers.filter((h) => h.serverId !== null).map((h) => [h.serverId as number, h.clientId]));
  const resolve = (ref: Ref) => (typeof ref === 'string' ? ref : (byServer.get(ref) ?? null));
  return formFromView(view, domainKeyOf(view.domain_id, serverIdMap(index?.domains ?? [])), resolve, hasPassword);
}

function EditorForm(props: LinkEditorProps & { row: MirrorRow<Link> | null; source: MirrorRow<Link> | null; handlers: MirrorRow<Handler>[]; title: string }) {
  const { sync, workspace } = props.session;
  // What the editor opened with; later mirror changes do not move what the user is editing.
  const [initial] = useState(() =>
    props.source ? copyForm(initialForm(props.source, props.handlers, props.index)) : initialForm(props.row, props.handlers, props.index),
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isNew = props.row === null;
  // A link of a bulk create not yet made: it is changed once the service has made it.
  const awaitingAlias = props.row !== null && props.row.serverId === null && props.row.bulkOp !== undefined;
  const reportsUnknown = props.row !== null && !reportsKnown(props.row);
  const ops = useLiveQuery(() => (props.row ? sync.db.outbox.where('rowId').equals(props.row.clientId).toArray() : []), [sync.db, props.row?.clientId], []);
  const failed = ops.find((op) => op.state === 'failed' && op.error);
  const form = useContractForm<LinkForm, Fields>({
    defaultValues: initial,
    check: (values) => buildLinkInput(initial, values, isNew),
    fieldOf: formFieldOf,
    serviceError: failed?.error ?? null,
    refusal: (message) => `The service said: ${message}`,
  });
  const { control, setError } = form.form;
  const [domain, alias] = useWatch({ control, name: ['domain', 'url'] });

  const save = form.submit(async (input) => {
    try {
      if (isNew) await sync.links.create(input as LinkCreate);
      else if (Object.keys(input).length > 0) await sync.links.update(props.row!.clientId, input as LinkPatch);
    } catch (error) {
      // The service does not show the reports: the question goes beside them.
      if (error instanceof EditError && error.kind === 'reports-unknown') return setError('email_reports', { type: 'save', message: error.message });
      throw error;
    }
    props.onClose();
    showToast({
      title: isNew ? 'Link saved' : 'Changes saved',
      description: 'Saved here; the list shows “Pending sync” until the service has it.',
      tone: 'success',
    });
  });

  const remove = async () => {
    setConfirmDelete(false);
    props.onClose();
    await deleteWithUndo(sync, sync.links, [props.row!.clientId], { one: 'link', many: 'links' });
  };

  const domainOptions = useMemo(() => {
    const options = [{ value: MAIN_DOMAIN, label: `${domainLabel(props.index ?? emptyIndex, workspace.baseUrl, MAIN_DOMAIN)} (main domain)` }];
    for (const entry of props.index?.domains ?? []) options.push({ value: entry.key, label: entry.host || 'New domain' });
    if (!options.some((o) => o.value === domain)) options.push({ value: domain, label: domainLabel(props.index ?? emptyIndex, workspace.baseUrl, domain) });
    return options;
  }, [props.index, workspace.baseUrl, domain]);

  const problem = form.formMessage ?? (form.generalServiceError !== null ? `The service refused the last save: ${form.generalServiceError}` : null);
  return (
    <>
      <Modal
        title={props.title}
        isOpen={!confirmDelete}
        onClose={props.onClose}
        // A copy holds settings not yet saved from the first moment.
        unsaved={form.form.formState.isDirty || props.source !== null}
        size="large"
        footer={
          <>
            {!isNew && (
              <Button variant="danger" onPress={() => setConfirmDelete(true)} className="footer-start">
                Delete
              </Button>
            )}
            <Button onPress={props.onClose}>Cancel</Button>
            <Button variant="primary" onPress={save} isDisabled={form.busy || awaitingAlias}>
              Save
            </Button>
          </>
        }
      >
        <form
          className="link-editor"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {problem && (
            <div className="banner banner-danger" role="alert">
              <span>{problem}</span>
            </div>
          )}
          {awaitingAlias && (
            <p className="banner banner-info" role="status">
              <span>{BULK_ROW_EDIT_MESSAGE}</span>
            </p>
          )}
          {props.source && (
            <p className="banner banner-info">
              <span>
                A copy of {String(rowView('links', props.source).url ?? 'a link')}: every setting but the alias. Its password and files cannot be read back from
                the service, so set them again if the copy needs them.
              </span>
            </p>
          )}
          {form.isSubmitted && form.hasFieldErrors && !form.formMessage && (
            <p className="field-error" role="alert">
              Nothing was saved: correct the fields marked below.
            </p>
          )}
          <BasicsSection form={form} isNew={isNew} domainOptions={domainOptions} />
          <ScheduleSection form={form} timeZone={accountTimeZone(sync.db)} />
          <ProtectionSection form={form} hadPassword={initial.has_password} />
          <LimitsSection form={form} />
          <RedirectSection form={form} />
          <CloakingSection form={form} />
          <TargetingSection form={form} initial={initial} />
          <UtmSection form={form} />
          <ReportsSection form={form} handlers={props.handlers} reportsUnknown={reportsUnknown} />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </Modal>
      <ConfirmDialog
        title="Delete link?"
        message={`Delete the link “${alias || initial.url}”? Visitors of its short URL will no longer be redirected.`}
        confirmLabel="Delete"
        isOpen={confirmDelete}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}

const emptyIndex: LinkIndex = buildIndex([], []);
