// Combinations the global shortcut must never take. A global shortcut is taken from every
// application (and each press shortens the clipboard), so Settings — or a compromised window
// calling desktop.setSettings — must not be able to take copy, paste or the system's own
// combinations. The operating system refuses to give up some of these (Alt+Tab on Windows) and
// registration fails; the editing ones it gives up silently, so they are refused here, by name.

/** A modifier as accelerator.ts reads it; `primary` in the table means Control or Command. */
export type Modifier = 'ctrl' | 'cmd' | 'alt' | 'shift';

/** [modifiers ('primary': Control, and Command as well), keys, what the combination is]. */
const TABLE: readonly (readonly [string, readonly string[], string])[] = [
  ['primary', ['c'], 'copy'],
  ['primary', ['x'], 'cut'],
  ['primary', ['v'], 'paste'],
  ['primary', ['z'], 'undo'],
  ['primary+shift', ['z'], 'redo'],
  ['primary', ['y'], 'redo'],
  ['primary', ['a'], 'select all'],
  ['primary', ['insert'], 'copy'],
  ['primary+shift', ['c'], 'copy in terminals'],
  ['primary+shift', ['v'], 'paste in terminals (and paste without formatting)'],
  ['alt+primary+shift', ['v'], 'paste and match style on macOS'],
  ['primary', ['q'], 'quit'],
  ['primary', ['w'], 'close window or tab'],
  ['primary', ['f4'], 'close window or tab on Windows'],
  ['alt', ['f4'], 'close window'],
  ['cmd+shift', ['q'], 'log out on macOS'],
  ['cmd+ctrl', ['q'], 'lock screen on macOS'],
  ['alt+ctrl', ['l'], 'lock screen on Linux desktops'],
  ['alt+ctrl', ['delete', 'backspace'], "the system's security screen or session end"],
  ['primary+shift', ['escape'], 'the task manager on Windows'],
  ['alt+cmd', ['escape'], 'force quit on macOS'],
  ['primary', ['tab'], 'switching applications or tabs'],
  ['primary+shift', ['tab'], 'switching applications or tabs'],
  ['alt', ['tab', 'escape'], 'switching windows'],
  ['alt+shift', ['tab'], 'switching windows'],
  ['primary', ['`'], 'switching windows on macOS'],
  ['alt', ['`'], 'switching windows on Linux desktops'],
  ['cmd', ['space'], 'Spotlight on macOS'],
  ['ctrl', ['space'], 'switching input sources'],
  ['alt', ['space'], 'the window menu on Windows and Linux'],
  ['alt+cmd', ['space'], 'Finder search on macOS'],
  ['cmd+ctrl', ['space'], 'the character viewer on macOS'],
  ['cmd+shift', ['3', '4', '5'], 'a screenshot on macOS'],
  ['cmd', ['h', 'm'], 'hide or minimise on macOS'],
  ['alt+cmd', ['d', 'h'], 'Dock or hide others on macOS'],
  ['cmd+ctrl', ['f'], 'full screen on macOS'],
  ['alt+ctrl', ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'f10', 'f11', 'f12'], 'switching to a text console on Linux'],
];

const combination = (modifiers: Iterable<Modifier>, key: string): string => [...[...modifiers].sort(), key].join('+');

const RESERVED: ReadonlyMap<string, string> = new Map(
  TABLE.flatMap(([modifiers, keys, what]) => {
    const names = modifiers.split('+');
    // "primary" stands for Control and for Command: the same combination on each system.
    const variants = names.includes('primary') ? (['ctrl', 'cmd'] as const).map((primary) => names.map((m) => (m === 'primary' ? primary : m))) : [names];
    return variants.flatMap((variant) => keys.map((key) => [combination(variant as Modifier[], key), what] as const));
  }),
);

/** What the combination is when the table reserves it ('copy', 'switching windows'), else null. */
export function reservedAs(modifiers: ReadonlySet<Modifier>, key: string): string | null {
  return RESERVED.get(combination(modifiers, key)) ?? null;
}
