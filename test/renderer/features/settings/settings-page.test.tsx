// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CallError } from '../../../../src-preload/contract/index.ts';
import { cleanup, DESKTOP_SETTINGS, fieldError, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';

afterEach(() => cleanup());

const SHORTCUT = 'Shortcut for “Shorten URL from clipboard”';
/** What main says of open at login where it can be set and is off. */

describe('settings page', () => {
  it('switches close-to-tray and saves a shortcut through main', async () => {
    const { user, desktop } = await renderApp(new FakeService(), 'settings');
    const toggle = await screen.findByRole('switch', { name: /Close to the tray/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(desktop.settings.closeToTray).toBe(false));
    expect(screen.getByText('Closing the window now quits Linkdock.')).toBeTruthy();

    await user.type(screen.getByLabelText(SHORTCUT), 'CommandOrControl+Shift+L');
    await user.click(screen.getByRole('button', { name: 'Save shortcut' }));
    await waitFor(() => expect(desktop.settings.shortcut).toBe('CommandOrControl+Shift+L'));
    await user.click(screen.getByRole('button', { name: 'Remove shortcut' }));
    await waitFor(() => expect(desktop.settings.shortcut).toBeNull());
  });

  it('shows main’s refusal of a shortcut beside the field and the problem of an inactive one', async () => {
    const { user } = await renderApp(new FakeService(), 'settings', {
      settings: { ...DESKTOP_SETTINGS, closeToTray: false, shortcut: 'Alt+Space', shortcutProblem: 'Another application uses Alt+Space.' },
      setSettings: () => {
        throw new CallError({ kind: 'invalid-input', message: 'Ctrl+C is used by the system for copying.', field: 'shortcut' });
      },
    });
    await screen.findByText('Another application uses Alt+Space.');
    expect(screen.getByText('Shortcut not active')).toBeTruthy();
    await user.clear(screen.getByLabelText(SHORTCUT));
    await user.type(screen.getByLabelText(SHORTCUT), 'Ctrl+C{Enter}');
    await waitFor(() => expect(fieldError(SHORTCUT)).toBe('Ctrl+C is used by the system for copying.'));
    // Typing again clears the message.
    await user.type(screen.getByLabelText(SHORTCUT), 'x');
    expect(fieldError(SHORTCUT)).toBeNull();
  });

  it('keeps a shortcut being typed when close-to-tray is switched', async () => {
    const { user, desktop } = await renderApp(new FakeService(), 'settings', {
      settings: { ...DESKTOP_SETTINGS, shortcut: 'Alt+Space', shortcutActive: true },
    });
    await user.clear(await screen.findByLabelText(SHORTCUT));
    await user.type(screen.getByLabelText(SHORTCUT), 'CommandOrControl+Shift+K');
    await user.click(screen.getByRole('switch', { name: /Close to the tray/ }));
    await waitFor(() => expect(desktop.settings.closeToTray).toBe(false));
    expect((screen.getByLabelText(SHORTCUT) as HTMLInputElement).value).toBe('CommandOrControl+Shift+K');
    expect(desktop.settings.shortcut).toBe('Alt+Space');
    await user.click(screen.getByRole('button', { name: 'Save shortcut' }));
    await waitFor(() => expect(desktop.settings.shortcut).toBe('CommandOrControl+Shift+K'));
  });

  it('switches updates off and on through main, and shows why they do not run here', async () => {
    const { user, desktop } = await renderApp(new FakeService(), 'settings', {
      settings: { ...DESKTOP_SETTINGS, updateNote: 'Updates are off in development builds.' },
    });
    const toggle = await screen.findByRole('switch', { name: /Keep Linkdock up to date/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Updates are off in development builds.')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(desktop.settings.autoUpdate).toBe(false));
    expect(screen.getByText('Linkdock no longer looks for updates.')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(desktop.settings.autoUpdate).toBe(true));
  });

  it('switches open at login through main (off by default), and shows main’s answer', async () => {
    const { user, desktop } = await renderApp(new FakeService(), 'settings');
    const toggle = await screen.findByRole('switch', { name: 'Open at login' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/starts hidden in the tray/)).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(desktop.settings.openAtLogin).toBe(true));
    expect(screen.getByText('Linkdock now starts in the tray when you log in.')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(desktop.settings.openAtLogin).toBe(false));
    expect(screen.getByText('Linkdock no longer starts when you log in.')).toBeTruthy();
  });

  it('open at login: disabled with main’s reason where it cannot be set; a refusal shows as a banner', async () => {
    await renderApp(new FakeService(), 'settings', {
      settings: {
        ...DESKTOP_SETTINGS,
        openAtLoginAvailable: false,
        openAtLoginNote: 'Open at login works in the installed app, not in a development build.',
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Open at login' });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Open at login works in the installed app, not in a development build.')).toBeTruthy();
    cleanup();
    const refused = await renderApp(new FakeService(), 'settings', {
      setSettings: () => {
        throw new CallError({ kind: 'internal', message: 'Linkdock could not add itself to the programs started at login: EACCES' });
      },
    });
    await refused.user.click(await screen.findByRole('switch', { name: 'Open at login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not add itself to the programs started at login');
    expect((screen.getByRole('switch', { name: 'Open at login' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says plainly when keys are only obfuscated', async () => {
    await renderApp(new FakeService(), 'settings', { vault: { available: true, backend: 'basic_text', secure: false } });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('only obfuscated, not encrypted');
    expect(note.textContent).toContain('basic_text');
    cleanup();
    await renderApp(new FakeService(), 'settings');
    expect((await screen.findByText(/encrypted by the system key store/)).textContent).toContain('gnome_libsecret');
    expect(screen.queryByRole('note')).toBeNull();
    // The open workspace's sync schedule is shown.
    expect(screen.getByRole('region', { name: 'Sync' }).textContent).toContain('every 5 minutes');
  });
});

describe('refused key', () => {
  it('shows the banner, leads to the workspace’s "Change key", and resumes syncing with the new key', async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'a.example.com' });
    service.keyValid = false;
    const { user, desktop } = await renderApp(service, 'domains');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('refused the API key');
    expect(screen.getByRole('contentinfo', { name: 'Sync status' }).textContent).toContain('Key refused');
    // "Enter a new key" opens the key dialog itself, over Workspaces, where the key shows as refused.
    await user.click(within(banner).getByRole('button', { name: 'Enter a new key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key for Test' });
    expect(screen.getByRole('heading', { level: 1, name: 'Workspaces', hidden: true })).toBeTruthy();
    expect(screen.getByText('Key refused', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByText('Key stored', { selector: '.badge' })).toBeNull();
    await user.type(within(dialog).getByLabelText('API key'), 'still-wrong-key');
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(fieldError('API key', dialog)).toBe('The key was refused'));
    expect(desktop.keysSet).toEqual([]);

    service.keyValid = true;
    await user.clear(within(dialog).getByLabelText('API key'));
    await user.type(within(dialog).getByLabelText('API key'), 'the-right-key-0123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(desktop.keysSet).toEqual(['the-right-key-0123456789']);
    await waitFor(() => expect(screen.queryByText(/refused the API key/)).toBeNull());
  });
});

describe('theme', () => {
  it('follows the choice in Settings: dark, light, or as the system says, and keeps it', async () => {
    const { user } = await renderApp(new FakeService(), 'settings');
    const group = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect((within(group).getByRole('radio', { name: 'As the system' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('linkdock.theme')).toBe('dark');
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    // The system (here: light) decides again, and nothing is kept.
    await user.click(within(group).getByRole('radio', { name: 'As the system' }));
    expect(document.documentElement.dataset.theme).toBe(window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    expect(localStorage.getItem('linkdock.theme')).toBeNull();
  });

  it('tells main the choice (its menus, dialogs and title bar follow it): on showing and on every change', async () => {
    localStorage.setItem('linkdock.theme', 'dark');
    const { user, desktop } = await renderApp(new FakeService(), 'settings');
    // A choice made before main kept it reaches main as soon as the section shows.
    await waitFor(() => expect(desktop.themes).toEqual(['dark']));
    const group = await screen.findByRole('radiogroup', { name: 'Theme' });
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(desktop.themes).toEqual(['dark', 'light']));
    await user.click(within(group).getByRole('radio', { name: 'As the system' }));
    await waitFor(() => expect(desktop.themes).toEqual(['dark', 'light', 'system']));
  });
});
