// Many links at once: pasted lines or a CSV file → a preview with each row checked, and settings
// the batch shares (domain, UTM, e-mail reports, schedule, limits and expiry) → rows without an
// alias as one bulk create in the service's bulk mode (one outbox op, one request per 1,000 links,
// aliases from the service), rows with an alias as one create each. Queued offline like any edit.
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import type { WorkspaceSession } from '../../session/workspace-session.tsx';
import { accountTimeZone, type Fields, type LinkBatchSettings, type LinkCreate } from '../../sync/index.ts';
import { Badge, Button, Modal, SelectField, showToast, TextField } from '../../ui/index.ts';
import { batchNote, checkBatchSettings, splitBatch } from './bulk-form.ts';
import { checkBulkRows, parseCsv, parsePastedLines, type BulkRow } from './csv.ts';
import { EMPTY_FORM, formFieldOf, type LinkForm } from './link-form.ts';
import { buildIndex, domainLabel, MAIN_DOMAIN, type LinkIndex } from './link-index.ts';
import { ReportsSection } from './LinkEditorLists.tsx';
import { LimitsSection, ScheduleSection, UtmSection } from './LinkEditorSections.tsx';

export function BulkCreateDialog({ session, index, onClose }: { session: WorkspaceSession; index: LinkIndex | null; onClose: () => void }) {
  const fileId = useId();
  const settingsId = useId();
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<{ name: string; rows: BulkRow[]; problems: string[] } | null>(null);
  const [result, setResult] = useState<{ created: number; failed: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const handlers = useLiveQuery(() => session.sync.db.handlers.toArray(), [session.sync.db], []);
  // The shared settings use the link editor's form and sections, checked by the contract's create schema.
  const form = useContractForm<LinkForm, Fields>({ defaultValues: EMPTY_FORM, check: checkBatchSettings, fieldOf: formFieldOf });
  const domain = useWatch({ control: form.form.control, name: 'domain' });
  const rows = useMemo(() => (csv ? csv.rows : parsePastedLines(text)), [csv, text]);
  const checked = useMemo(() => checkBulkRows(rows, domain, index), [rows, domain, index]);
  const valid = checked.filter((row) => row.errors.length === 0);
  const plan = splitBatch(valid);
  const baseUrl = session.workspace.baseUrl;
  const domainOptions = [
    { value: MAIN_DOMAIN, label: `${domainLabel(index ?? EMPTY, baseUrl, MAIN_DOMAIN)} (main domain)` },
    ...(index?.domains ?? []).map((d) => ({ value: d.key, label: d.host || 'New domain' })),
  ];

  const create = form.submit(async (shared) => {
    setBusy(true);
    let created = 0;
    const failed: string[] = [];
    try {
      if (plan.bulk.length > 0) {
        try {
          await session.sync.createBulkLinks(
            plan.bulk.map((row) => row.location_url),
            shared as LinkBatchSettings,
          );
          created += plan.bulk.length;
        } catch (error) {
          failed.push(`${plan.bulk.length} links without an alias: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      for (const row of plan.single) {
        try {
          await session.sync.links.create({ ...shared, location_url: row.location_url, url: row.url } as LinkCreate);
          created++;
        } catch (error) {
          failed.push(`Line ${row.line}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      setBusy(false);
    }
    const skipped = checked.length - valid.length;
    if (failed.length === 0) {
      // Done: the dialog closes and a toast says what happened, skipped rows included.
      onClose();
      const aliases = plan.bulk.length > 0 ? ' Links without an alias get theirs from the service: their short URLs appear after the create.' : '';
      showToast({
        title: `Saved ${created.toLocaleString()} new link${created === 1 ? '' : 's'}`,
        description: `They show “Pending sync” until the service has them.${aliases}${skipped > 0 ? ` ${skipped.toLocaleString()} row${skipped === 1 ? ' was' : 's were'} skipped for the problems shown.` : ''}`,
        tone: 'success',
      });
    } else setResult({ created, failed });
  });

  return (
    <Modal
      title="Create links in bulk"
      isOpen
      onClose={onClose}
      size="large"
      footer={
        result ? (
          <Button variant="primary" onPress={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button onPress={onClose}>Cancel</Button>
            <Button variant="primary" isDisabled={busy || form.busy || valid.length === 0} onPress={create}>
              {`Create ${valid.length} link${valid.length === 1 ? '' : 's'}`}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div role="status">
          <p>
            {result.created} link{result.created === 1 ? '' : 's'} saved; {result.failed.length} could not be saved here:
          </p>
          {result.failed.length > 0 && (
            <ul className="field-error">
              {result.failed.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <>
          {!csv && (
            <TextField
              label="Destination URLs"
              multiline
              rows={6}
              value={text}
              onChange={setText}
              placeholder={'https://example.com/one\nhttps://example.com/two my-alias'}
              description="One link per line: the destination URL, then optionally an alias."
            />
          )}
          <div className="field">
            <label htmlFor={fileId}>Or a CSV file</label>
            <div className="file-field-row">
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (!file) return setCsv(null);
                  // A file the system will not let us read (moved, no permission) is said under the field;
                  // the pasted lines stay behind "Use pasted lines instead".
                  file.text().then(
                    (content) => setCsv({ name: file.name, ...parseCsv(content) }),
                    () => setCsv({ name: file.name, rows: [], problems: [`“${file.name}” could not be read. Pick it again, or paste the lines instead.`] }),
                  );
                }}
              />
              {csv && (
                <Button size="small" variant="ghost" onPress={() => setCsv(null)}>
                  Use pasted lines instead
                </Button>
              )}
            </div>
            <span className="field-description">Columns location_url (or destination) and alias, with a header; or destination then alias, without.</span>
            {csv?.problems.map((p) => (
              <span key={p} className="field-error">
                {p}
              </span>
            ))}
          </div>
          {checked.length > 0 && (
            <>
              <p role="status">
                {valid.length} of {checked.length} row{checked.length === 1 ? '' : 's'} ready
                {checked.length > valid.length && `, ${checked.length - valid.length} with problems (skipped)`}.
              </p>
              {valid.length > 0 && <p className="banner banner-info">{batchNote(plan.bulk.length, plan.single.length)}</p>}
              <div className="bulk-preview">
                <table className="table" aria-label="Preview">
                  <thead>
                    <tr>
                      <th>Line</th>
                      <th>Destination</th>
                      <th>Alias</th>
                      <th>Check</th>
                    </tr>
                  </thead>
                  <tbody>
                    {checked.slice(0, 1000).map((row) => (
                      <tr key={row.line} aria-invalid={row.errors.length > 0 || undefined} className={row.errors.length ? 'row-invalid' : undefined}>
                        <td>{row.line}</td>
                        <td className="wrap">{row.location_url}</td>
                        <td>{row.url || <span className="muted">from the service</span>}</td>
                        <td>{row.errors.length === 0 ? <Badge tone="success">OK</Badge> : <span className="field-error">{row.errors.join('; ')}</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {checked.length > 1000 && <p className="muted">Showing the first 1,000 rows.</p>}
              </div>
            </>
          )}
          <form
            className="link-editor"
            aria-labelledby={settingsId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              create();
            }}
          >
            <h2 id={settingsId}>Settings for all these links</h2>
            {form.formMessage && (
              <div className="banner banner-danger" role="alert">
                <span>{form.formMessage}</span>
              </div>
            )}
            {form.isSubmitted && form.hasFieldErrors && !form.formMessage && (
              <p className="field-error" role="alert">
                Nothing was saved: correct the settings marked below.
              </p>
            )}
            <Controller
              control={form.form.control}
              name="domain"
              render={({ field }) => (
                <SelectField label="Domain for all" value={field.value} options={domainOptions} onChange={field.onChange} error={form.errorFor('domain')} />
              )}
            />
            <UtmSection form={form} />
            <ReportsSection form={form} handlers={handlers} reportsUnknown={false} />
            <ScheduleSection form={form} timeZone={accountTimeZone(session.sync.db)} />
            <LimitsSection form={form} />
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </form>
        </>
      )}
    </Modal>
  );
}

const EMPTY: LinkIndex = buildIndex([], []);
