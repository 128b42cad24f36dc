// Thin adapter: the desktop shell's ShortcutPort on Electron's globalShortcut. register() returns
// false when another application holds the accelerator and throws on one Electron cannot parse.
import type { GlobalShortcut } from 'electron';
import type { ShortcutPort } from '../desktop/desktop-shell.ts';

export function electronShortcuts(globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>): ShortcutPort {
  return {
    register: (accelerator, callback) => globalShortcut.register(accelerator, callback),
    unregister: (accelerator) => globalShortcut.unregister(accelerator),
  };
}
