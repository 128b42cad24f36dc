// Checks a global-shortcut accelerator before it is registered: against Electron's grammar, so a
// typo gets a clear message instead of an exception from globalShortcut, and against what a global
// shortcut may take. It is taken from every application, so it needs CommandOrControl with Shift or
// Alt and an ordinary key, and never a combination applications or the system use for themselves
// (reserved-shortcuts.ts): copy, paste, app switching, quit.
import { reservedAs, type Modifier } from './reserved-shortcuts.ts';

/** Electron's modifier names, as what they are: CommandOrControl is Command on macOS, Control elsewhere. */
const MODIFIERS: ReadonlyMap<string, Modifier | 'cmdorctrl' | 'altgr' | 'super'> = new Map([
  ['command', 'cmd'],
  ['cmd', 'cmd'],
  ['control', 'ctrl'],
  ['ctrl', 'ctrl'],
  ['commandorcontrol', 'cmdorctrl'],
  ['cmdorctrl', 'cmdorctrl'],
  ['alt', 'alt'],
  ['option', 'alt'],
  ['altgr', 'altgr'],
  ['shift', 'shift'],
  ['super', 'super'],
  ['meta', 'super'],
]);
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

/** Keys that edit text or move the cursor or focus, in every application. */
const NOT_FOR_SHORTCUTS = new Set(
  ['Tab', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter', 'Escape', 'Esc', 'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown'].map((k) =>
    k.toLowerCase(),
  ),
);
/** Keys of the system's own: locks, screenshots, volume and media. */
const SYSTEM_KEY = /^(capslock|numlock|scrolllock|printscreen|volume.*|media.*)$/;

/** One name per key for the reserved table: Esc is Escape, Return is Enter, a letter is lower case. */
function keyName(key: string): string {
  const lower = key.toLowerCase();
  return lower === 'esc' ? 'escape' : lower === 'return' ? 'enter' : lower;
}

const EXAMPLE = 'such as CommandOrControl+Shift+L';

/** Null when usable as a global shortcut, else what is wrong, naming the combination (for the settings screen). */
export function acceleratorProblem(accelerator: string): string | null {
  const parts = accelerator.split('+');
  // "Ctrl++" splits into ['Ctrl', '', '']: a trailing "+" key written literally.
  if (parts.length >= 3 && parts.at(-1) === '' && parts.at(-2) === '') parts.splice(-2, 2, '+');
  if (parts.some((part) => part.trim() === '')) return 'Write the shortcut as modifiers and a key joined by "+", such as CommandOrControl+Shift+L.';
  const names = parts.slice(0, -1);
  const key = parts.at(-1) ?? '';
  const unknown = names.find((m) => !MODIFIERS.has(m.toLowerCase()));
  if (unknown && isKey(unknown)) return `"${accelerator}" has more than one key: a shortcut is modifiers and one key, ${EXAMPLE}.`;
  if (unknown) return `"${unknown}" is not a modifier (use CommandOrControl, Alt, Shift).`;
  const modifiers = names.map((m) => MODIFIERS.get(m.toLowerCase())!);
  if (new Set(modifiers).size !== modifiers.length) return `"${accelerator}" names a modifier twice.`;
  if (MODIFIERS.has(key.toLowerCase())) return `"${accelerator}" has no key besides its modifiers: add one, ${EXAMPLE}.`;
  if (!isKey(key)) return `"${key}" is not a key Electron knows.`;
  const quoted = `"${accelerator}"`;
  if (modifiers.includes('cmdorctrl') && (modifiers.includes('ctrl') || modifiers.includes('cmd'))) {
    return `${quoted} names Control or Command twice: CommandOrControl already means Command on macOS and Control elsewhere.`;
  }
  if (modifiers.includes('super')) {
    return `${quoted} uses Super (the Windows key, or Command on macOS), whose combinations belong to the system. Use CommandOrControl, ${EXAMPLE}.`;
  }
  if (modifiers.includes('altgr')) return `${quoted} uses AltGr, which types characters on many keyboards. Use CommandOrControl, ${EXAMPLE}.`;
  // CommandOrControl is both combinations: each must be free.
  const own = modifiers.filter((m): m is Modifier => m !== 'cmdorctrl' && m !== 'altgr' && m !== 'super');
  const variants = modifiers.includes('cmdorctrl') ? [new Set<Modifier>([...own, 'ctrl']), new Set<Modifier>([...own, 'cmd'])] : [new Set<Modifier>(own)];
  for (const variant of variants) {
    const reserved = reservedAs(variant, keyName(key));
    if (reserved) return `${quoted} is ${reserved}: a global shortcut would take it from every application. Choose another, ${EXAMPLE}.`;
  }
  if (NOT_FOR_SHORTCUTS.has(key.toLowerCase())) {
    return `${quoted} uses ${key}, which edits text or moves the cursor or focus in every application. Use a letter, digit or F-key, ${EXAMPLE}.`;
  }
  if (SYSTEM_KEY.test(key.toLowerCase())) return `${quoted} uses ${key}, a key of the system's own. Use a letter, digit or F-key, ${EXAMPLE}.`;
  const primary = modifiers.some((m) => m === 'cmdorctrl' || m === 'ctrl' || m === 'cmd');
  if (!primary) {
    return modifiers.includes('alt')
      ? `${quoted} has no CommandOrControl: with Alt (Option) alone a key types a character on macOS, and opens a menu or moves a window elsewhere. Add CommandOrControl, ${EXAMPLE}.`
      : `${quoted} has no CommandOrControl: it would take ${modifiers.length === 0 ? 'a key' : 'a character'} from typing in every application. Add CommandOrControl and Shift or Alt, ${EXAMPLE}.`;
  }
  if (modifiers.length < 2) {
    return `${quoted} has only one modifier: applications use such combinations for themselves (save, find, print…). Add Shift or Alt, ${EXAMPLE}.`;
  }
  return null;
}
