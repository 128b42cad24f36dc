// The global shortcut is taken from every application, and each press shortens the clipboard
// (issue #36): Settings, or a compromised window calling desktop.setSettings, must not be able to
// take copy, paste, app switching or quit, nor a combination without CommandOrControl. A press
// runs the Shorten flow and nothing else: the clipboard is read only with a workspace to shorten
// into, and only a web address from it reaches the window.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceleratorProblem } from '../../../src-main/desktop/accelerator.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

describe('which combinations the global shortcut may take', () => {
  it.each([
    'CommandOrControl+Shift+L',
    'CmdOrCtrl+Alt+K',
    'Control+Shift+9',
    'Ctrl+Alt+Shift+P',
    'Command+Option+J',
    'Control+Command+K',
    'CommandOrControl+Shift+F5',
    'CmdOrCtrl+Shift+Plus',
    'Ctrl+Shift++',
    'CommandOrControl+Alt+num5',
    'commandorcontrol+shift+l',
  ])('accepts %s', (accelerator) => expect(acceleratorProblem(accelerator)).toBeNull());

  it.each([
    // Editing: taken, they would break copy and paste everywhere (and hand every copied address to Linkdock).
    ['CommandOrControl+C', 'is copy'],
    ['Ctrl+V', 'is paste'],
    ['Command+X', 'is cut'],
    ['CmdOrCtrl+Z', 'is undo'],
    ['CommandOrControl+Shift+Z', 'is redo'],
    ['Ctrl+Y', 'is redo'],
    ['Command+A', 'is select all'],
    ['Ctrl+Insert', 'is copy'],
    ['CommandOrControl+Shift+V', 'is paste in terminals'],
    ['Ctrl+Shift+C', 'is copy in terminals'],
    ['Command+Alt+Shift+V', 'is paste and match style on macOS'],
    // Quitting and closing.
    ['CommandOrControl+Q', 'is quit'],
    ['Ctrl+W', 'is close window or tab'],
    ['Alt+F4', 'is close window'],
    ['CommandOrControl+F4', 'is close window or tab on Windows'],
    ['CommandOrControl+Shift+Q', 'is log out on macOS'],
    ['Control+Command+Q', 'is lock screen on macOS'],
    ['Ctrl+Alt+Delete', "is the system's security screen"],
    ['Command+Option+Esc', 'is force quit on macOS'],
    ['Ctrl+Shift+Escape', 'is the task manager on Windows'],
    // Switching applications, windows and tabs.
    ['Alt+Tab', 'is switching windows'],
    ['Alt+Shift+Tab', 'is switching windows'],
    ['Command+Tab', 'is switching applications or tabs'],
    ['CmdOrCtrl+Shift+Tab', 'is switching applications or tabs'],
    ['Command+`', 'is switching windows on macOS'],
    ['Command+Space', 'is Spotlight on macOS'],
    ['Alt+Space', 'is the window menu'],
    ['CommandOrControl+Shift+3', 'is a screenshot on macOS'],
    ['Ctrl+Alt+F2', 'is switching to a text console on Linux'],
    // Keys that edit or move, or the system's own.
    ['CommandOrControl+Shift+Left', 'uses Left, which edits text or moves the cursor or focus'],
    ['Ctrl+Alt+Backspace', "is the system's security screen or session end"],
    ['CommandOrControl+Shift+Enter', 'uses Enter, which edits text'],
    ['CommandOrControl+Shift+PrintScreen', "a key of the system's own"],
    ['Ctrl+Alt+VolumeUp', "a key of the system's own"],
    // Without CommandOrControl, or with it alone.
    ['Shift+L', 'has no CommandOrControl: it would take a character from typing'],
    ['Shift+F12', 'has no CommandOrControl'],
    ['L', 'has no CommandOrControl: it would take a key from typing'],
    ['Alt+K', 'with Alt (Option) alone a key types a character on macOS, and opens a menu or moves a window elsewhere'],
    ['Alt+Shift+K', 'has no CommandOrControl'],
    ['Alt+num5', 'has no CommandOrControl'],
    ['CommandOrControl+S', 'has only one modifier'],
    ['Ctrl+F5', 'has only one modifier'],
    ['CmdOrCtrl+Plus', 'has only one modifier'],
    // The system's modifier, and a character-typing one.
    ['Super+Space', 'uses Super (the Windows key, or Command on macOS)'],
    ['Meta+Shift+L', 'uses Super'],
    ['CommandOrControl+AltGr+L', 'uses AltGr, which types characters'],
    // Grammar.
    ['CommandOrControl+Shift', 'has no key besides its modifiers'],
    ['Ctrl', 'has no key besides its modifiers'],
    ['Ctrl+A+B', 'has more than one key'],
    ['CommandOrControl+Control+L', 'names Control or Command twice'],
    ['Alt+Option+L', 'names a modifier twice'],
    ['Shift+', 'joined by "+"'],
    ['Hyper+L', '"Hyper" is not a modifier'],
    ['Ctrl+Shift+Banana', '"Banana" is not a key'],
    ['Ctrl+F25', '"F25" is not a key'],
  ])('refuses %s, naming it and saying why', (accelerator, why) => {
    const problem = acceleratorProblem(accelerator);
    expect(problem).toContain(why);
    // The message names the combination (grammar errors name the part that is wrong).
    if (!/joined by|is not a/.test(why)) expect(problem).toContain(`"${accelerator}"`);
  });
});

describe('the global shortcut in the running app', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: Desktop | null = null;
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    await desktop?.shell.stop();
    desktop = null;
    await temp.cleanup();
  });

  it('desktop.setSettings refuses a reserved combination with its reason, and keeps the working one', async () => {
    desktop = await makeRunningDesktop({ dir: temp.dir, seed: async (services) => void (await addWorkspace(services, 'Work', 'https://links.example.com/')) });
    for (const shortcut of ['CommandOrControl+V', 'Ctrl+C', 'Alt+Tab', 'Shift+A']) {
      await expect(desktop.call('desktop.setSettings', { shortcut })).rejects.toMatchObject({
        data: { kind: 'invalid-input', field: 'shortcut', message: expect.stringContaining(`"${shortcut}"`) },
      });
    }
    expect([...desktop.shortcuts.registered.keys()]).toEqual(['CommandOrControl+Shift+L']);
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ shortcut: 'CommandOrControl+Shift+L', shortcutActive: true });
    expect(await desktop.call('desktop.setSettings', { shortcut: 'CommandOrControl+Alt+K' })).toMatchObject({ shortcutActive: true });
    expect([...desktop.shortcuts.registered.keys()]).toEqual(['CommandOrControl+Alt+K']);
  });

  it('a press with text that is no web address on the clipboard: the text reaches neither the window nor a notice', async () => {
    desktop = await makeRunningDesktop({ dir: temp.dir });
    const secret = 'correct-horse-battery-staple';
    desktop.clipboard.text = secret;
    desktop.shortcuts.press('CommandOrControl+Shift+L');
    await eventually(() => expect(desktop!.notices.at(-1)?.title).toBe('Nothing to shorten'));
    expect(desktop.clipboard.reads).toBe(1);
    expect(desktop.windows[0]!.sent.map((message) => JSON.stringify(message)).join('')).not.toContain(secret);
    expect(JSON.stringify(desktop.notices)).not.toContain(secret);
    expect(desktop.clipboard.text).toBe(secret);
  });

  it('a press without a workspace to shorten into does not read the clipboard', async () => {
    desktop = await makeRunningDesktop({
      dir: temp.dir,
      // The user deleted the first-run sandbox earlier: no new one is made.
      seed: async () => {
        const { writeFile } = await import('node:fs/promises');
        const path = await import('node:path');
        await writeFile(path.join(temp.dir, 'desktop-settings.json'), JSON.stringify({ version: 1, sandboxCreated: true }));
      },
    });
    desktop.clipboard.text = 'https://example.net/private-document';
    desktop.shortcuts.press('CommandOrControl+Shift+L');
    await eventually(() => expect(desktop!.notices.at(-1)?.title).toBe('No workspace to shorten into'));
    expect(desktop.clipboard.reads).toBe(0);
    expect(desktop.windows[0]!.received('links.shortenRequested')).toEqual([]);
  });
});
