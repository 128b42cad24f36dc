// The link editor: every create/update field of the API, grouped; the contract's messages beside
// the fields they name (before anything is saved), and the service's answer to an earlier save.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { aliasLookalikeWarning } from '../../../src-preload/contract/alias.ts';
import { HTTP_STATUS_CODES, TARGETING_KINDS } from '../../../src-preload/contract/index.ts';
import type { WorkspaceSession } from '../../session/workspace-session.tsx';
import { accountTimeZone, EditError, reportsKnown, rowView, type LinkCreate, type LinkPatch, type MirrorRow, type Ref } from '../../sync/index.ts';
import type { Handler, Link } from '../../../src-preload/contract/index.ts';
import { Button, Checkbox, ConfirmDialog, Modal, SelectField, Switch, TextField } from '../../ui/index.ts';
import { FileField } from './FileField.tsx';
import { STATUS_LABELS, TARGETING_LABELS } from './link-labels.ts';
import { domainLabel, domainKeyOf, serverIdMap, MAIN_DOMAIN, type LinkIndex } from './link-index.ts';
import {
  createFields,
  EMPTY_FORM,
  formFromView,
  issuesToErrors,
  updateFields,
  validateFields,
  type FieldErrors,
  type FormField,
  type LinkForm,
} from './link-form.ts';

export interface LinkEditorProps {
  session: WorkspaceSession;
  index: LinkIndex | null;
  /** Null for a new link. */
  clientId: string | null;
  onClose: () => void;
}

const NONE = 'none';

export function LinkEditor(props: LinkEditorProps) {
  const { db } = props.session.sync;
  const row = useLiveQuery(() => (props.clientId ? db.links.get(props.clientId) : undefined), [db, props.clientId], null);
  const handlers = useLiveQuery(() => db.handlers.toArray(), [db], null);
  const title = props.clientId ? 'Edit link' : 'New link';
  const loading = handlers === null || (props.clientId !== null && row === null);
  if (loading || (props.clientId && !row)) {
    return (
      <Modal title={title} isOpen onClose={props.onClose} size="large">
        <p className="muted">{loading ? 'Loading…' : 'This link no longer exists.'}</p>
      </Modal>
    );
  }
  return <EditorForm {...props} row={row ?? null} handlers={handlers} title={title} />;
}

function initialForm(row: MirrorRow<Link> | null, handlers: MirrorRow<Handler>[], index: LinkIndex | null): LinkForm {
  if (!row) return EMPTY_FORM;
  const view = rowView('links', row);
  const hasPassword = Boolean(row.base?.settings.password) || typeof row.writeOnly.password === 'string';
  const byServer = new Map(handlers.filter((h) => h.serverId !== null).map((h) => [h.serverId as number, h.clientId]));
  const resolve = (ref: Ref) => (typeof ref === 'string' ? ref : (byServer.get(ref) ?? null));
  return formFromView(view, domainKeyOf(view.domain_id, serverIdMap(index?.domains ?? [])), resolve, hasPassword);
}

function EditorForm(props: LinkEditorProps & { row: MirrorRow<Link> | null; handlers: MirrorRow<Handler>[]; title: string }) {
  const { sync, workspace } = props.session;
  const [initial] = useState(() => initialForm(props.row, props.handlers, props.index));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isNew = props.row === null;
  const reportsUnknown = props.row !== null && !reportsKnown(props.row);
  const ops = useLiveQuery(() => (props.row ? sync.db.outbox.where('rowId').equals(props.row.clientId).toArray() : []), [sync.db, props.row?.clientId], []);
  const failed = ops.find((op) => op.state === 'failed' && op.error);
  const serviceError = failed?.error ?? null;
  const serviceField = serviceError?.field ? (serviceError.field === 'domain_id' ? 'domain' : (serviceError.field as FormField)) : null;

  const fieldsOf = (next: LinkForm) => (isNew ? createFields(next) : updateFields(initial, next));
  const set = <K extends keyof LinkForm>(name: K, value: LinkForm[K]) => {
    const next = { ...form, [name]: value };
    setForm(next);
    // After a first attempt, keep the messages in step with what is typed.
    if (checked) setErrors(validateFields(isNew ? 'create' : 'update', fieldsOf(next)));
  };
  const errorOf = (field: FormField): string | undefined =>
    errors[field] ?? (serviceField === field && serviceError ? `The service said: ${serviceError.message}` : undefined);

  const save = async () => {
    const fields = fieldsOf(form);
    const found = validateFields(isNew ? 'create' : 'update', fields);
    setChecked(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (isNew) await sync.links.create(fields as LinkCreate);
      else if (Object.keys(fields).length > 0) await sync.links.update(props.row!.clientId, fields as LinkPatch);
      props.onClose();
    } catch (error) {
      if (error instanceof EditError && error.kind === 'reports-unknown') setErrors({ email_reports: error.message });
      else if (error instanceof EditError) setErrors({ ...issuesToErrors(error.issues), ...(error.issues.length === 0 ? { form: error.message } : {}) });
      else setErrors({ form: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await sync.links.delete(props.row!.clientId);
      props.onClose();
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : String(error) });
    }
  };

  const domainOptions = useMemo(() => {
    const options = [{ value: MAIN_DOMAIN, label: `${domainLabel(props.index ?? emptyIndex, workspace.baseUrl, MAIN_DOMAIN)} (main domain)` }];
    for (const domain of props.index?.domains ?? []) options.push({ value: domain.key, label: domain.host || 'New domain' });
    if (!options.some((o) => o.value === form.domain))
      options.push({ value: form.domain, label: domainLabel(props.index ?? emptyIndex, workspace.baseUrl, form.domain) });
    return options;
  }, [props.index, workspace.baseUrl, form.domain]);

  const handlerRows = props.handlers.filter((h) => !h.deletedLocally || form.email_reports.includes(h.clientId));
  const text = (
    field: FormField & keyof LinkForm,
    label: string,
    extra: { type?: 'text' | 'url' | 'password'; placeholder?: string; description?: ReactNode; multiline?: boolean; autoFocus?: boolean } = {},
  ) => (
    <TextField label={label} name={field} value={form[field] as string} onChange={(value) => set(field, value as never)} error={errorOf(field)} {...extra} />
  );

  return (
    <>
      <Modal
        title={props.title}
        isOpen={!confirmDelete}
        onClose={props.onClose}
        size="large"
        footer={
          <>
            {!isNew && (
              <Button variant="danger" onPress={() => setConfirmDelete(true)} className="footer-start">
                Delete
              </Button>
            )}
            <Button onPress={props.onClose}>Cancel</Button>
            <Button variant="primary" onPress={() => void save()} isDisabled={saving}>
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
            void save();
          }}
        >
          {(errors.form || (serviceError && !serviceField)) && (
            <div className="banner banner-danger" role="alert">
              <span>{errors.form ?? `The service refused the last save: ${serviceError?.message}`}</span>
            </div>
          )}
          {Object.keys(errors).length > 0 && !errors.form && (
            <p className="field-error" role="alert">
              Nothing was saved: correct the fields marked below.
            </p>
          )}
          <Section title="Basics">
            {text('location_url', 'Destination URL', { type: 'url', placeholder: 'https://example.com/page', autoFocus: true })}
            <div className="form-row">
              {text('url', 'Alias', {
                placeholder: isNew ? 'Generated when empty' : '',
                description: aliasLookalikeWarning(form.url) ?? (isNew ? 'Leave empty for a random alias.' : undefined),
              })}
              <SelectField label="Domain" value={form.domain} options={domainOptions} onChange={(value) => set('domain', value)} error={errorOf('domain')} />
            </div>
            {!isNew && (
              <Switch
                label="Enabled"
                isSelected={form.is_enabled === true}
                onChange={(value) => set('is_enabled', value)}
                description={form.is_enabled === null ? 'This service does not say whether the link is enabled; switching sets it.' : undefined}
              />
            )}
            {text('project_id', 'Project ID', { placeholder: 'none' })}
          </Section>
          <Section title="Schedule">
            <Switch label="Schedule" isSelected={form.schedule} onChange={(value) => set('schedule', value)} />
            {form.schedule && (
              <div className="form-row">
                {text('start_date', 'Start', { placeholder: 'YYYY-MM-DD HH:MM:SS', description: `Time zone ${accountTimeZone(sync.db)} (the account's)` })}
                {text('end_date', 'End', { placeholder: 'YYYY-MM-DD HH:MM:SS', description: `Time zone ${accountTimeZone(sync.db)} (the account's)` })}
              </div>
            )}
          </Section>
          <Section title="Protection">
            {initial.has_password && <Checkbox label="Password protected" isSelected={form.has_password} onChange={(value) => set('has_password', value)} />}
            {initial.has_password
              ? form.has_password &&
                text('password', 'New password', { type: 'password', description: 'Leave empty to keep the current password. Linkdock never sees it.' })
              : text('password', 'Password', { type: 'password', description: 'Visitors must enter it before they are redirected.' })}
            <Checkbox label="Sensitive content warning" isSelected={form.sensitive_content} onChange={(value) => set('sensitive_content', value)} />
          </Section>
          <Section title="Limits and expiry">
            <div className="form-row">
              {text('clicks_limit', 'Clicks limit', { placeholder: 'no limit' })}
              {text('expiration_url', 'Expiration URL', { type: 'url', description: 'Where visitors go once the link has expired.' })}
            </div>
          </Section>
          <Section title="Redirect">
            <SelectField
              label="Redirect status code"
              value={form.http_status_code || NONE}
              options={[{ value: NONE, label: 'Service default' }, ...HTTP_STATUS_CODES.map((code) => ({ value: String(code), label: STATUS_LABELS[code] }))]}
              onChange={(value) => set('http_status_code', (value === NONE ? '' : value) as LinkForm['http_status_code'])}
              error={errorOf('http_status_code')}
            />
            <Checkbox
              label="Forward query parameters"
              isSelected={form.forward_query_parameters_is_enabled}
              onChange={(value) => set('forward_query_parameters_is_enabled', value)}
            />
            <Checkbox label="App linking" isSelected={form.app_linking_is_enabled} onChange={(value) => set('app_linking_is_enabled', value)} />
          </Section>
          <Section title="Cloaking">
            <Switch label="Cloaking" isSelected={form.cloaking_is_enabled} onChange={(value) => set('cloaking_is_enabled', value)} />
            {text('cloaking_title', 'Cloaking title')}
            {text('cloaking_meta_description', 'Cloaking description', { multiline: true })}
            {text('cloaking_custom_js', 'Custom JavaScript', { multiline: true })}
            <div className="form-row">
              <FileField label="Favicon" value={form.cloaking_favicon} onChange={(file) => set('cloaking_favicon', file)} error={errorOf('cloaking_favicon')} />
              <FileField
                label="OpenGraph image"
                value={form.cloaking_opengraph}
                onChange={(file) => set('cloaking_opengraph', file)}
                error={errorOf('cloaking_opengraph')}
              />
            </div>
          </Section>
          <Section title="Targeting">
            <SelectField
              label="Targeting type"
              value={form.targeting_type || NONE}
              options={[{ value: NONE, label: 'No targeting' }, ...TARGETING_KINDS.map((type) => ({ value: type, label: TARGETING_LABELS[type] }))]}
              onChange={(value) => {
                const kind = (value === NONE ? '' : value) as LinkForm['targeting_type'];
                // Rules belong to their kind: another kind starts with none (back again, the saved ones).
                const next = { ...form, targeting_type: kind, targeting: kind === initial.targeting_type ? initial.targeting : [] };
                setForm(next);
                if (checked) setErrors(validateFields(isNew ? 'create' : 'update', fieldsOf(next)));
              }}
              error={errorOf('targeting_type')}
            />
            {form.targeting_type && (
              <div className="targeting-rows">
                <p className="field-description">
                  Each rule: what to match ({TARGETING_LABELS[form.targeting_type].toLowerCase()}
                  {form.targeting_type === 'rotation' ? ' weight' : ''}) and where matching visitors go.
                </p>
                {form.targeting.map((rule, i) => (
                  <div className="form-row targeting-row" key={i}>
                    <TextField
                      label={`Rule ${i + 1} match`}
                      value={rule.key}
                      onChange={(key) =>
                        set(
                          'targeting',
                          form.targeting.map((r, j) => (j === i ? { ...r, key } : r)),
                        )
                      }
                    />
                    <TextField
                      label={`Rule ${i + 1} destination URL`}
                      value={rule.value}
                      onChange={(value) =>
                        set(
                          'targeting',
                          form.targeting.map((r, j) => (j === i ? { ...r, value } : r)),
                        )
                      }
                    />
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Remove rule ${i + 1}`}
                      onPress={() =>
                        set(
                          'targeting',
                          form.targeting.filter((_, j) => j !== i),
                        )
                      }
                    >
                      Remove
                    </Button>
                  </div>
                ))}
                <div>
                  <Button size="small" onPress={() => set('targeting', [...form.targeting, { key: '', value: '' }])}>
                    Add rule
                  </Button>
                </div>
              </div>
            )}
            {errorOf('targeting') && <span className="field-error">{errorOf('targeting')}</span>}
          </Section>
          <Section title="UTM parameters">
            <div className="form-row">
              {text('utm_source', 'UTM source')}
              {text('utm_medium', 'UTM medium')}
              {text('utm_campaign', 'UTM campaign')}
            </div>
          </Section>
          <Section title="Tracking and reports">
            {text('pixels_ids', 'Pixel IDs', { placeholder: 'e.g. 3, 7', description: 'Numbers, separated by commas.' })}
            <fieldset className="checkbox-group" aria-describedby="email-reports-note">
              <legend className="field-label">E-mail reports</legend>
              {handlerRows.length === 0 && <span className="muted">No notification handlers yet.</span>}
              {handlerRows.map((handler) => {
                const view = rowView('handlers', handler);
                return (
                  <Checkbox
                    key={handler.clientId}
                    label={`${String(view.name ?? '')} (${String(view.type ?? '')})`}
                    isSelected={form.email_reports.includes(handler.clientId)}
                    onChange={(on) =>
                      set('email_reports', on ? [...form.email_reports, handler.clientId] : form.email_reports.filter((id) => id !== handler.clientId))
                    }
                    isDisabled={reportsUnknown && !form.reports_confirmed}
                  />
                );
              })}
              {errorOf('email_reports') && <span className="field-error">{errorOf('email_reports')}</span>}
              {reportsUnknown && (
                <div id="email-reports-note" className="banner banner-warning banner-stacked">
                  <span>
                    This service does not show which handlers get this link's e-mail reports. To change them, tick the handlers and confirm: saving then
                    replaces the service's choice.
                  </span>
                  <Checkbox
                    label="Replace the e-mail reports with the handlers ticked here"
                    isSelected={form.reports_confirmed}
                    onChange={(value) => set('reports_confirmed', value)}
                  />
                </div>
              )}
            </fieldset>
          </Section>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </Modal>
      <ConfirmDialog
        title="Delete link?"
        message={`Delete the link “${form.url || initial.url}”? Visitors of its short URL will no longer be redirected.`}
        confirmLabel="Delete"
        isOpen={confirmDelete}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}

const emptyIndex: LinkIndex = { entries: [], byClientId: new Map(), domains: [], domainByKey: new Map(), orders: new Map() };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
