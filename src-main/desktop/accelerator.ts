// Checks a global-shortcut accelerator against Electron's grammar before it is registered, so a
// typo gets a clear message instead of an exception from globalShortcut.
const MODIFIERS = new Set(
  ['Command', 'Cmd', 'Control', 'Ctrl', 'CommandOrControl', 'CmdOrCtrl', 'Alt', 'Option', 'AltGr', 'Shift', 'Super', 'Meta'].map((m) => m.toLowerCase()),
);
const NAMED_KEYS = new Set(
  [
    'Plus',
    'Space',
    'Tab',
    'Capslock',
    'Numlock',
    'Scrolllock',
    'Backspace',
    'Delete',
    'Insert',
    'Return',
    'Enter',
    'Up',
    'Down',
    'Left',
    'Right',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'Escape',
    'Esc',
    'PrintScreen',
    'VolumeUp',
    'VolumeDown',
    'VolumeMute',
    'MediaNextTrack',
    'MediaPreviousTrack',
    'MediaStop',
    'MediaPlayPause',
    'numdec',
    'numadd',
    'numsub',
    'nummult',
    'numdiv',
  ].map((k) => k.toLowerCase()),
);

function isKey(part: string): boolean {
  if (/^[a-z0-9]$/i.test(part)) return true;
  if (/^[)!@#$%^&*(:;:+=<,_\->.?/~`{\][|\\}"']$/.test(part)) return true;
  if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(part)) return true;
  if (/^num[0-9]$/i.test(part)) return true;
  return NAMED_KEYS.has(part.toLowerCase());
}

/** Null when usable as a global shortcut, else what is wrong (for the settings screen). */
export function acceleratorProblem(accelerator: string): string | null {
  const parts = accelerator.split('+');
  // "Ctrl++" splits into ['Ctrl', '', '']: a trailing "+" key written literally.
  if (parts.length >= 3 && parts.at(-1) === '' && parts.at(-2) === '') parts.splice(-2, 2, '+');
  if (parts.some((part) => part.trim() === '')) return 'Write the shortcut as modifiers and a key joined by "+", such as CommandOrControl+Shift+L.';
  const modifiers = parts.slice(0, -1);
  const key = parts.at(-1) ?? '';
  const unknown = modifiers.find((m) => !MODIFIERS.has(m.toLowerCase()));
  if (unknown) return `"${unknown}" is not a modifier (use CommandOrControl, Alt, Shift, Super).`;
  if (new Set(modifiers.map((m) => m.toLowerCase())).size !== modifiers.length) return 'A modifier appears twice.';
  if (!isKey(key)) return `"${key}" is not a key Electron knows.`;
  // A global shortcut without a modifier would swallow that key in every application.
  if (modifiers.length === 0) return 'A global shortcut needs at least one modifier (CommandOrControl, Alt, Shift or Super).';
  return null;
}
