// The user's decision on an operation in conflict: per field keep mine / take theirs / edit (both
// values side by side), recreate or discard a row deleted on the service, or pick which server row
// an ambiguous create produced. Each choice goes to the engine's resolveConflict.
import { useEffect, useState } from 'react';
import { useApi } from '../../session/api-context.tsx';
import { Button, Modal, TextField } from '../../ui/index.ts';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { rowView, type FieldChoice, type FieldConflict, type MirrorRow, type OutboxOp, type Resolution, type WorkspaceSync } from '../../sync/index.ts';
import { formatValue, inSentence, RESOURCE_NOUNS } from './op-describe.ts';
import { fieldLabel } from '../../resource-screens/field-labels.ts';

type Choice = 'mine' | 'theirs' | 'edit';

export function ConflictDialog({ sync, op, label, onClose }: { sync: WorkspaceSync; op: OutboxOp; label: string; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const resolve = (resolution: Resolution) => {
    setProblem(null);
    sync.resolveConflict(op.opId, resolution).then(onClose, (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  const noun = RESOURCE_NOUNS[op.resource].toLowerCase();
  const conflict = op.conflict;
  return (
    <Modal title={`Conflict: ${label}`} isOpen onClose={onClose} size="large">
      <div className="form-grid">
        {problem && (
          <p role="alert" className="banner banner-danger">
            <span>{problem}</span>
          </p>
        )}
        {!conflict && <p>This change has no conflict any more.</p>}
        {conflict?.type === 'fields' && <FieldsConflict sync={sync} fields={conflict.fields} noun={noun} onResolve={resolve} />}
        {conflict?.type === 'deleted' && (
          <>
            <p>This {noun} was deleted on the service while you were changing it. Recreate it with your values, or discard your changes.</p>
            <div className="toolbar">
              <Button variant="primary" onPress={() => resolve({ type: 'recreate' })}>
                Recreate
              </Button>
              <Button variant="danger" onPress={() => resolve({ type: 'discard' })}>
                Discard my changes
              </Button>
            </div>
          </>
        )}
        {conflict?.type === 'ambiguous-create' && <AmbiguousCreate sync={sync} op={op} candidates={conflict.candidates} noun={noun} onResolve={resolve} />}
      </div>
    </Modal>
  );
}

/** A link's domain by host (the mirror knows it by client or server id); 0 is the main domain. */
function useDomainNames(sync: WorkspaceSync, fields: FieldConflict[]): (field: string, value: unknown) => string {
  const wanted = fields.some((f) => f.field === 'domain_id');
  const [domains, setDomains] = useState<MirrorRow[]>([]);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    // Read once: the names only help to recognise the values while the dialog is open.
    void sync.db.domains.toArray().then((rows) => live && setDomains(rows));
    return () => {
      live = false;
    };
  }, [sync, wanted]);
  return (field, value) => {
    if (field !== 'domain_id') return formatValue(field, value);
    if (value === 0 || value === null || value === undefined) return 'Main domain';
    const row = domains.find((d) => d.clientId === value || d.serverId === value);
    const host = row ? rowView('domains', row).host : undefined;
    return typeof host === 'string' ? host : formatValue(field, value);
  };
}

function FieldsConflict({
  sync,
  fields,
  noun,
  onResolve,
}: {
  sync: WorkspaceSync;
  fields: FieldConflict[];
  noun: string;
  onResolve: (resolution: Resolution) => void;
}) {
  const show = useDomainNames(sync, fields);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [edited, setEdited] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.field, editableText(f.mine)])));
  const allChosen = fields.every((f) => choices[f.field] !== undefined);
  const apply = () => {
    const out: Record<string, FieldChoice> = {};
    for (const f of fields) {
      const choice = choices[f.field];
      if (choice === 'edit') out[f.field] = { value: fromText(edited[f.field] ?? '', f.mine, f.theirs) };
      else if (choice) out[f.field] = choice;
    }
    onResolve({ type: 'fields', choices: out });
  };
  const setAll = (choice: Choice) => setChoices(Object.fromEntries(fields.map((f) => [f.field, choice])));
  return (
    <>
      <p>This {noun} was also changed on the service. For each field, keep your value, take the service’s, or enter another.</p>
      <div className="toolbar">
        <Button size="small" onPress={() => setAll('mine')}>
          Keep all mine
        </Button>
        <Button size="small" onPress={() => setAll('theirs')}>
          Take all theirs
        </Button>
      </div>
      <table className="table conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Yours</th>
            <th scope="col">On the service</th>
            <th scope="col">Keep</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.field}>
              <th scope="row">
                {fieldLabel(f.field)}
                <span className="conflict-base muted">Before: {show(f.field, f.base)}</span>
              </th>
              <td className="conflict-value" data-testid={`mine-${f.field}`}>
                {show(f.field, f.mine)}
              </td>
              <td className="conflict-value" data-testid={`theirs-${f.field}`}>
                {show(f.field, f.theirs)}
              </td>
              <td>
                <RadioGroup<Choice>
                  label={`Keep for ${fieldLabel(f.field)}`}
                  hideLabel
                  value={choices[f.field] ?? null}
                  options={[
                    { value: 'mine', label: 'Keep mine' },
                    { value: 'theirs', label: 'Take theirs' },
                    ...(isEditable(f) ? [{ value: 'edit' as const, label: 'Edit' }] : []),
                  ]}
                  onChange={(choice) => setChoices({ ...choices, [f.field]: choice })}
                />
                {choices[f.field] === 'edit' && (
                  <TextField
                    label={`New ${inSentence(fieldLabel(f.field))}`}
                    value={edited[f.field] ?? ''}
                    onChange={(value) => setEdited({ ...edited, [f.field]: value })}
                    autoFocus
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="toolbar toolbar-end">
        <Button variant="danger" onPress={() => onResolve({ type: 'discard' })}>
          Discard my change
        </Button>
        <Button variant="primary" onPress={apply} isDisabled={!allChosen}>
          Apply
        </Button>
      </div>
    </>
  );
}

/** References are picked, not typed: they are chosen whole. */
const NOT_TYPED = new Set(['domain_id', 'project_id', 'email_reports']);

/** Text, numbers and empty values can be typed; other values are chosen whole. */
function isEditable(f: FieldConflict): boolean {
  return !NOT_TYPED.has(f.field) && [f.mine, f.theirs].every((v) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number');
}

function editableText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function fromText(text: string, mine: unknown, theirs: unknown): unknown {
  if ((typeof mine === 'number' || typeof theirs === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}

function AmbiguousCreate(props: { sync: WorkspaceSync; op: OutboxOp; candidates: number[]; noun: string; onResolve: (resolution: Resolution) => void }) {
  const api = useApi();
  const [details, setDetails] = useState<Record<number, string>>({});
  const { op, candidates } = props;
  useEffect(() => {
    let live = true;
    // Best effort: the candidates may not be in the mirror (a listing holds them back until the user decides).
    for (const id of candidates) {
      const read =
        op.resource === 'links'
          ? api.call('links.get', { workspaceId: props.sync.store.getState().workspaceId, id }).then((l) => `${l.url} → ${l.location_url}`)
          : op.resource === 'domains'
            ? api.call('domains.get', { workspaceId: props.sync.store.getState().workspaceId, id }).then((d) => d.host)
            : api.call('handlers.get', { workspaceId: props.sync.store.getState().workspaceId, id }).then((h) => `${h.name} (${h.type})`);
      read.then(
        (text) => live && setDetails((current) => ({ ...current, [id]: text })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [api, op.resource, candidates, props.sync]);
  return (
    <>
      <p>It is not known whether the service received this create, and several existing {props.noun}s match it. Pick the one you created, or create it anew.</p>
      <ul className="candidate-list">
        {candidates.map((id) => (
          <li key={id}>
            <span>
              #{id} {details[id] ? `— ${details[id]}` : ''}
            </span>
            <Button size="small" onPress={() => props.onResolve({ type: 'adopt', serverId: id })} aria-label={`Use #${id}`}>
              This is mine
            </Button>
          </li>
        ))}
      </ul>
      <div className="toolbar toolbar-end">
        <Button variant="primary" onPress={() => props.onResolve({ type: 'create-new' })}>
          Create a new one
        </Button>
      </div>
    </>
  );
}
