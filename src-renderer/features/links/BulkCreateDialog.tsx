// Many links at once: pasted lines or a CSV file → a preview with each row checked → one
// outbox create per valid row (queued offline like any edit; the API's is_bulk is not used).
import { useId, useMemo, useState } from 'react';
import type { WorkspaceSession } from '../../session/workspace-session.tsx';
import { Badge, Button, Modal, SelectField, showToast, TextField } from '../../ui/index.ts';
import { checkBulkRows, parseCsv, parsePastedLines, type BulkRow } from './csv.ts';
import { buildIndex, domainLabel, MAIN_DOMAIN, type DomainKey, type LinkIndex } from './link-index.ts';

export function BulkCreateDialog({ session, index, onClose }: { session: WorkspaceSession; index: LinkIndex | null; onClose: () => void }) {
  const fileId = useId();
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<{ name: string; rows: BulkRow[]; problems: string[] } | null>(null);
  const [domain, setDomain] = useState<DomainKey>(MAIN_DOMAIN);
  const [result, setResult] = useState<{ created: number; failed: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => (csv ? csv.rows : parsePastedLines(text)), [csv, text]);
  const checked = useMemo(() => checkBulkRows(rows, domain, index), [rows, domain, index]);
  const valid = checked.filter((row) => row.errors.length === 0);
  const baseUrl = session.workspace.baseUrl;
  const domainOptions = [
    { value: MAIN_DOMAIN, label: `${domainLabel(index ?? EMPTY, baseUrl, MAIN_DOMAIN)} (main domain)` },
    ...(index?.domains ?? []).map((d) => ({ value: d.key, label: d.host || 'New domain' })),
  ];

  const create = async () => {
    setBusy(true);
    let created = 0;
    const failed: string[] = [];
    for (const row of valid) {
      try {
        await session.sync.links.create({
          location_url: row.location_url,
          ...(row.url ? { url: row.url } : {}),
          ...(domain !== MAIN_DOMAIN ? { domain_id: domain } : {}),
        });
        created++;
      } catch (error) {
        failed.push(`Line ${row.line}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    setBusy(false);
    const skipped = checked.length - valid.length;
    if (failed.length === 0) {
      // Done: the dialog closes and a toast says what happened, skipped rows included.
      onClose();
      showToast({
        title: `Saved ${created.toLocaleString()} new link${created === 1 ? '' : 's'}`,
        description: `They show “Pending sync” until the service has them.${skipped > 0 ? ` ${skipped.toLocaleString()} row${skipped === 1 ? ' was' : 's were'} skipped for the problems shown.` : ''}`,
        tone: 'success',
      });
    } else setResult({ created, failed });
  };

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
            <Button variant="primary" isDisabled={busy || valid.length === 0} onPress={() => void create()}>
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
                onChange={async (event) => {
                  const file = event.currentTarget.files?.[0];
                  if (!file) return setCsv(null);
                  setCsv({ name: file.name, ...parseCsv(await file.text()) });
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
          <SelectField label="Domain for all" value={domain} options={domainOptions} onChange={setDomain} />
          {checked.length > 0 && (
            <>
              <p role="status">
                {valid.length} of {checked.length} row{checked.length === 1 ? '' : 's'} ready
                {checked.length > valid.length && `, ${checked.length - valid.length} with problems (skipped)`}.
              </p>
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
                        <td>{row.url || <span className="muted">generated</span>}</td>
                        <td>{row.errors.length === 0 ? <Badge tone="success">OK</Badge> : <span className="field-error">{row.errors.join('; ')}</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {checked.length > 1000 && <p className="muted">Showing the first 1,000 rows.</p>}
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  );
}

const EMPTY: LinkIndex = buildIndex([], []);
