// Desktop settings (close to tray, the global shortcut for "Shorten URL from clipboard"), how API
// keys are stored, and how syncing is scheduled.
import { useEffect, useState } from 'react';
import { CallError, type DesktopSettings, type VaultStatus } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';
import { useSession } from '../../session/workspace-session.tsx';
import { SyncSettings } from './SyncSettings.tsx';
import { Badge, Button, Switch, TextField } from '../../ui/index.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function SettingsPage() {
  const session = useSession();
  return (
    <div className="page">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      <DesktopSection />
      <VaultSection />
      {session ? <SyncSettings /> : null}
    </div>
  );
}

function DesktopSection() {
  const api = useApi();
  const [settings, setSettings] = useState<DesktopSettings | null>(null);
  const [shortcut, setShortcut] = useState('');
  const [shortcutError, setShortcutError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.call('desktop.getSettings', {}).then(
      (loaded) => {
        if (!live) return;
        setSettings(loaded);
        setShortcut(loaded.shortcut ?? '');
      },
      (error: unknown) => live && setProblem(message(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const apply = async (patch: { closeToTray?: boolean; shortcut?: string | null }, done: string) => {
    setProblem(null);
    setSaved(null);
    setShortcutError(undefined);
    try {
      const next = await api.call('desktop.setSettings', patch);
      setSettings(next);
      setShortcut(next.shortcut ?? '');
      setSaved(done);
    } catch (error) {
      // Main reports a shortcut it cannot take (taken, malformed) as invalid input on 'shortcut'.
      if (error instanceof CallError && error.kind === 'invalid-input' && (error.data.field === 'shortcut' || 'shortcut' in patch))
        setShortcutError(error.message);
      else setProblem(message(error));
    }
  };

  return (
    <section className="panel form-grid settings-section" aria-labelledby="desktop-title">
      <h2 id="desktop-title">Desktop</h2>
      {problem && (
        <p role="alert" className="banner banner-danger">
          <span>{problem}</span>
        </p>
      )}
      {settings === null && !problem && <p className="muted">Loading…</p>}
      {settings && (
        <>
          <Switch
            label="Close to the tray (keep running when the window is closed)"
            isSelected={settings.closeToTray}
            onChange={(closeToTray) =>
              void apply({ closeToTray }, closeToTray ? 'Closing the window now keeps Linkdock in the tray.' : 'Closing the window now quits Linkdock.')
            }
          />
          <form
            className="settings-shortcut"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void apply({ shortcut: shortcut.trim() === '' ? null : shortcut.trim() }, 'Shortcut saved.');
            }}
          >
            <TextField
              label="Shortcut for “Shorten URL from clipboard”"
              value={shortcut}
              onChange={(value) => {
                setShortcut(value);
                setShortcutError(undefined);
              }}
              placeholder="CommandOrControl+Shift+L"
              error={shortcutError}
              description="A global shortcut in Electron’s notation, e.g. CommandOrControl+Shift+L. Leave empty for none."
            />
            <div className="toolbar">
              <Button type="submit" variant="primary">
                Save shortcut
              </Button>
              {settings.shortcut !== null && <Button onPress={() => void apply({ shortcut: null }, 'Shortcut removed.')}>Remove shortcut</Button>}
            </div>
          </form>
          <p className="settings-status">
            {settings.shortcutActive ? (
              <Badge tone="success">Shortcut active</Badge>
            ) : (
              <Badge tone={settings.shortcut ? 'warning' : 'neutral'}>{settings.shortcut ? 'Shortcut not active' : 'No shortcut'}</Badge>
            )}
            {settings.shortcutProblem && <span className="muted">{settings.shortcutProblem}</span>}
          </p>
          {saved && (
            <p role="status" className="muted">
              {saved}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function VaultSection() {
  const api = useApi();
  const [status, setStatus] = useState<VaultStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.call('vault.status', {}).then(
      (loaded) => live && setStatus(loaded),
      (error: unknown) => live && setProblem(message(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section className="panel form-grid settings-section" aria-labelledby="vault-title">
      <h2 id="vault-title">API key storage</h2>
      {problem && (
        <p role="alert" className="banner banner-danger">
          <span>{problem}</span>
        </p>
      )}
      {status && !status.available && (
        <p className="banner banner-danger">
          <span>No system key store is available: API keys cannot be stored on this computer.</span>
        </p>
      )}
      {status && status.available && status.secure && (
        <p className="banner banner-info">
          <span>API keys are encrypted by the system key store ({status.backend}). They never reach this window.</span>
        </p>
      )}
      {status && status.available && !status.secure && (
        <p className="banner banner-warning" role="note">
          <span>
            API keys are only obfuscated, not encrypted: this system offers no key store ({status.backend}). Anyone who can read your files can recover them.
            Install and unlock a keyring (GNOME Keyring or KWallet) to have them encrypted.
          </span>
        </p>
      )}
    </section>
  );
}
