// A log entry is one line that the log itself starts. Text from elsewhere (a page's message, a
// service's error title, a workspace name) could otherwise hold a line break that starts what
// looks like another entry, a carriage return that hides the start of its own, or a terminal
// escape that recolours or erases what a `tail -f` shows. Such characters are written as escapes.

/**
 * C0 controls and DEL (line feed, carriage return, ESC among them), C1 controls (NEL, CSI), the
 * Unicode line and paragraph separators, and the bidirectional controls that reorder what a
 * reader sees (a "Trojan source" line).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character written as an escape (`\n`, `\r`, `\t`, else `\uXXXX`); the rest as it was. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
