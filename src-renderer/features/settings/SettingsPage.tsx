// Desktop settings (close to tray, open at login, updates, the global shortcut for "Shorten URL from
// clipboard"), the theme (which main's menus follow too), how API keys are stored, and how syncing is scheduled.
import { useEffect, useState } from 'react';
import { appCalls, CallError, type DesktopSettings, type VaultStatus } from '../../../src-preload/contract/index.ts';
import { checkInput } from '../../resource-screens/form-errors.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { useContractForm } from '../../resource-screens/use-contract-form.ts';
import { useApi } from '../../session/api-context.tsx';
import { useSession } from '../../session/workspace-session.tsx';
import { SyncSettings } from './SyncSettings.tsx';
import { Badge, Button, RadioGroup, Switch } from '../../ui/index.ts';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../ui/theme-choice.ts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

type SettingsPatch = { closeToTray?: boolean; shortcut?: string | null; autoUpdate?: boolean; openAtLogin?: boolean };

const OPEN_AT_LOGIN_NOTE = 'Linkdock starts hidden in the tray, so syncing and the shortcut work from the moment you log in.';

/** The shortcut as typed, as main's desktop.setSettings takes it: empty is none. */
const checkShortcut = (values: { shortcut: string }) =>
  checkInput(appCalls['desktop.setSettings'].input, { shortcut: values.shortcut.trim() === '' ? null : values.shortcut.trim() });

export function SettingsPage() {
  const session = useSession();
  return (
    <div className="page">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      <AppearanceSection />
      <DesktopSection />
      <VaultSection />
      {session ? <SyncSettings /> : null}
    </div>
  );
}

function DesktopSection() {
  const api = useApi();
  const [settings, setSettings] = useState<DesktopSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useContractForm<{ shortcut: string }, SettingsPatch>({ defaultValues: { shortcut: '' }, check: checkShortcut });
  const { reset, setError, clearErrors } = form.form;

  useEffect(() => {
    let live = true;
    api.call('desktop.getSettings', {}).then(
      (loaded) => {
        if (!live) return;
        setSettings(loaded);
        reset({ shortcut: loaded.shortcut ?? '' });
      },
      (error: unknown) => live && setProblem(message(error)),
    );
    return () => {
      live = false;
    };
  }, [api, reset]);

  const apply = async (patch: SettingsPatch, done: string) => {
    setProblem(null);
    setSaved(null);
    clearErrors('shortcut');
    try {
      const next = await api.call('desktop.setSettings', patch);
      setSettings(next);
      // The field shows the shortcut as main took it; switching close-to-tray leaves one being typed alone.
      if ('shortcut' in patch) reset({ shortcut: next.shortcut ?? '' });
      setSaved(done);
    } catch (error) {
      // Main reports a shortcut it cannot take (taken, malformed) as invalid input on 'shortcut'.
      if (error instanceof CallError && error.kind === 'invalid-input' && (error.data.field === 'shortcut' || 'shortcut' in patch))
        setError('shortcut', { type: 'save', message: error.message });
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
          <Switch
            label="Open at login"
            isSelected={settings.openAtLogin}
            isDisabled={!settings.openAtLoginAvailable}
            description={settings.openAtLoginNote ?? OPEN_AT_LOGIN_NOTE}
            onChange={(openAtLogin) =>
              void apply({ openAtLogin }, openAtLogin ? 'Linkdock now starts in the tray when you log in.' : 'Linkdock no longer starts when you log in.')
            }
          />
          <Switch
            label="Keep Linkdock up to date"
            isSelected={settings.autoUpdate}
            description={settings.updateNote ?? undefined}
            onChange={(autoUpdate) =>
              void apply({ autoUpdate }, autoUpdate ? 'Linkdock now looks for updates every few hours.' : 'Linkdock no longer looks for updates.')
            }
          />
          <form
            className="settings-shortcut"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              form.submit((input) => apply(input, 'Shortcut saved.'))();
            }}
          >
            <FormTextField
              form={form}
              name="shortcut"
              label="Shortcut for “Shorten URL from clipboard”"
              placeholder="CommandOrControl+Shift+L"
              description="A global shortcut in Electron’s notation, e.g. CommandOrControl+Shift+L. Leave empty for none."
            />
            <div className="toolbar">
              <Button type="submit" variant="primary" isDisabled={form.busy}>
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

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function AppearanceSection() {
  const theme = useThemeChoice();
  return (
    <section className="panel form-grid settings-section" aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <RadioGroup label="Theme" value={theme} options={THEMES} onChange={setThemeChoice} />
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
