// The Shorten window's one view (tray → "Shorten Clipboard…"): destination prefilled from the
// clipboard, workspace and domain to choose, an optional alias. It has no mirror and no sync
// engine: main offers the choices and queues the link for the main window's outbox.
import { useEffect, useState, type FormEvent } from 'react';
import { refusalOf, type CallErrorData, type ShortenContext } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';
import { Button, SelectField, TextField } from '../../ui/index.ts';

const MAIN = '0';

function fieldErrors(error: CallErrorData): { fields: Record<string, string>; other: string | null } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues ?? []) fields[issue.path] ??= issue.message;
  if (error.field && !fields[error.field]) fields[error.field] = error.message;
  const known = ['location_url', 'alias', 'domain_id', 'workspaceId'];
  return { fields, other: Object.keys(fields).some((f) => known.includes(f)) ? null : error.message };
}

export function ShortenForm() {
  const api = useApi();
  const [context, setContext] = useState<ShortenContext | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const [destination, setDestination] = useState('');
  const [domain, setDomain] = useState(MAIN);
  const [alias, setAlias] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('shortenWindow.context', {})
      .then((loaded) => {
        if (!live) return;
        setContext(loaded);
        setWorkspaceId(loaded.currentId ?? loaded.workspaces[0]?.id ?? null);
        setDestination(loaded.location_url);
      })
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [api]);

  const close = () => void api.call('shortenWindow.close', {}).catch(() => window.close());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const workspace = context?.workspaces.find((w) => w.id === workspaceId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!workspace || busy) return;
    const input = { workspaceId: workspace.id, location_url: destination, domain_id: Number(domain), alias };
    // The contract's own check first: the same messages main would answer, without a round trip.
    const refusal = refusalOf('shortenWindow.submit', input);
    if (refusal) {
      const { fields, other } = fieldErrors(refusal);
      setErrors(fields);
      setFormError(other);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await api.call('shortenWindow.submit', input);
      // Main closes the window once the link is queued.
    } catch (error) {
      const data = (error as { data?: CallErrorData }).data;
      if (data) {
        const { fields, other } = fieldErrors(data);
        setErrors(fields);
        setFormError(other);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <ShortenFrame message={loadError} onCancel={close} />;
  if (!context) return <ShortenFrame message="Loading…" onCancel={close} />;
  if (!workspace) return <ShortenFrame message="Add a workspace in Linkdock first." onCancel={close} />;

  const domainOptions = [
    { value: MAIN, label: `${workspace.mainHost} (main domain)` },
    ...workspace.domains.map((d) => ({ value: String(d.id), label: d.host })),
  ];
  return (
    <main className="shorten-window">
      <form onSubmit={(event) => void submit(event)} aria-labelledby="shorten-title" noValidate>
        <h1 id="shorten-title">Shorten a web address</h1>
        {context.clipboardNote && (
          <p className="notice" role="status">
            {context.clipboardNote}
          </p>
        )}
        {context.workspaces.length > 1 && (
          <SelectField
            label="Workspace"
            value={workspace.id}
            options={context.workspaces.map((w) => ({ value: w.id, label: w.name }))}
            onChange={(id) => {
              setWorkspaceId(id);
              setDomain(MAIN);
            }}
          />
        )}
        <TextField
          label="Destination URL"
          type="url"
          value={destination}
          onChange={setDestination}
          error={errors['location_url']}
          autoFocus={destination === ''}
          isRequired
        />
        <SelectField label="Domain" value={domain} options={domainOptions} onChange={setDomain} error={errors['domain_id']} />
        <TextField
          label="Alias"
          value={alias}
          onChange={setAlias}
          error={errors['alias']}
          autoFocus={destination !== ''}
          description="Optional: leave empty and Linkdock picks one."
        />
        {formError && (
          <p className="field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="shorten-actions">
          <Button onPress={close}>Cancel</Button>
          <Button type="submit" variant="primary" isDisabled={busy}>
            {busy ? 'Shortening…' : 'Shorten'}
          </Button>
        </div>
      </form>
    </main>
  );
}

function ShortenFrame({ message, onCancel }: { message: string; onCancel: () => void }) {
  return (
    <main className="shorten-window">
      <h1>Shorten a web address</h1>
      <p className="muted">{message}</p>
      <div className="shorten-actions">
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </main>
  );
}
