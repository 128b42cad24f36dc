// Open at login on Linux (and other XDG desktops): an autostart entry, linkdock.desktop in
// $XDG_CONFIG_HOME/autostart (~/.config/autostart), as the XDG Autostart and Desktop Entry
// specifications describe it. Its Exec line is the program with `--hidden`, quoted as the Desktop
// Entry spec says, so a path with spaces, quotes or `$` starts the same program and nothing else.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const AUTOSTART_FILE = 'linkdock.desktop';

/** The folder desktops read autostart entries from; a relative XDG_CONFIG_HOME is invalid by the spec and ignored. */
export function autostartDir(env: Record<string, string | undefined>, homeDir: string): string {
  const configured = env['XDG_CONFIG_HOME'];
  const base = configured && path.isAbsolute(configured) ? configured : path.join(homeDir, '.config');
  return path.join(base, 'autostart');
}

/** Characters after which an Exec argument must be quoted (Desktop Entry spec, "The Exec key"). */
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/** One Exec argument: quoted where it must be, with `"`, `` ` ``, `$` and `\` escaped inside, and `%` doubled (a field code otherwise). */
export function execArgument(argument: string): string {
  // A line break would end the Exec line and start a key of the attacker's choosing; no path has one.
  if (/\p{Cc}/u.test(argument)) throw new Error('The program’s path contains a control character: it cannot be started at login.');
  const text = argument.replace(/%/g, '%%');
  return RESERVED.test(text) || text === '' ? `"${text.replace(/["`$\\]/g, (c) => `\\${c}`)}"` : text;
}

/** The Exec value as written in the file: the string escape (`\` as `\\`) applies on top of the quoting. */
export function execLine(program: string, args: string[]): string {
  return [program, ...args].map(execArgument).join(' ').replace(/\\/g, '\\\\');
}

export function autostartEntry(program: string, args: string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Linkdock',
    'Comment=Starts Linkdock in the tray when you log in',
    `Exec=${execLine(program, args)}`,
    'Icon=linkdock',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** What the entry on disk says: none, turned off by the desktop's own settings, or on with its Exec value. */
export type AutostartState = { kind: 'absent' } | { kind: 'disabled' } | { kind: 'enabled'; exec: string };

export function readAutostartState(text: string | null): AutostartState {
  if (text === null) return { kind: 'absent' };
  const keys = new Map<string, string>();
  let inMain = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) inMain = line === '[Desktop Entry]';
    const at = line.indexOf('=');
    if (inMain && at > 0) keys.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  // Desktops' "Startup Applications" settings turn an entry off with these rather than deleting it.
  if (keys.get('Hidden') === 'true' || keys.get('X-GNOME-Autostart-enabled') === 'false') return { kind: 'disabled' };
  return { kind: 'enabled', exec: keys.get('Exec') ?? '' };
}

export class AutostartFile {
  readonly file: string;
  constructor(dir: string) {
    this.file = path.join(dir, AUTOSTART_FILE);
  }

  async state(): Promise<AutostartState> {
    try {
      return readAutostartState(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
      throw error;
    }
  }

  /** Written whole under a temporary name, then renamed: a desktop reading it at login sees the old entry or the new one. */
  async write(program: string, args: string[]): Promise<void> {
    const text = autostartEntry(program, args);
    await mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, text, { mode: 0o644, flag: 'wx' });
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
