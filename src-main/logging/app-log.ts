// The app's log over a Logger port: request outcomes (method, path, status, duration), errors with
// their stacks, and what main decides. Every line is cleaned of the keys main holds by the one
// redaction function (security/redact.ts), of credentials in URLs, has its control characters
// escaped (one-line.ts: no text can start a line of its own), and is cut to MAX_LINE characters;
// the last errors are kept in memory for the diagnostics.
import { REDACTED, redactSecrets } from '../security/redact.ts';
import { escapeControl } from './one-line.ts';

/** Where lines go: electron-log's file in the app, a capturing array in tests. */
export interface Logger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A log line longer than this is cut (a stack or an echoed page must not fill the file). */
export const MAX_LINE = 4000;
/** How many errors the diagnostics show. */
export const RECENT_ERRORS = 20;

/** One request to a service, as the client saw it; no URL, no query, no header, no body. */
export interface RequestOutcome {
  method: string;
  /** The URL's path only (the client passes `url.pathname`). */
  path: string;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  ms: number;
  /** What the request was for (`list links`, `probe domains`). */
  what?: string;
  /** Why no answer came (`offline`, `timeout`, `cancelled`), when status is 0. */
  failure?: string;
}

export interface LoggedError {
  /** Epoch ms. */
  at: number;
  line: string;
}

export interface AppLog {
  info(message: string): void;
  warn(message: string): void;
  /** `message`, then the error's stack (or text) when given. */
  error(message: string, error?: unknown): void;
  request(outcome: RequestOutcome): void;
  /** The last RECENT_ERRORS error lines, oldest first, already cleaned. */
  recentErrors(): LoggedError[];
  /** Adds a source of secrets to clean from every line (main adds the vault's keys). */
  addSecrets(source: () => Iterable<string>): void;
}

export interface AppLogOptions {
  logger: Logger;
  secrets?: () => Iterable<string>;
  keep?: number;
  now?: () => number;
}

/** `scheme://user:password@host` → `scheme://[redacted]@host`. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;

/**
 * One entry's text: each part cleaned of every secret the sources know and of URL credentials, its
 * control characters escaped, the parts joined by the log's own line breaks (an error's stack
 * frames: errorLines), the whole cut at MAX_LINE. A part's own line breaks never reach the file.
 */
export function cleanLine(text: string | readonly string[], secrets: Iterable<string>): string {
  const known = [...secrets];
  const parts = typeof text === 'string' ? [text] : text;
  // Redacted before escaping: a "Bearer" token after a line break is still found.
  const clean = parts.map((part) => escapeControl(redactSecrets(part, known).replace(URL_CREDENTIALS, `$1${REDACTED}@`))).join('\n');
  return clean.length > MAX_LINE ? `${clean.slice(0, MAX_LINE)}… (${clean.length - MAX_LINE} more characters)` : clean;
}

const MAX_CAUSES = 5;

/** A stack frame as V8 writes it, indented: the only lines an entry may have after its first. */
const FRAME = /^\s+at /;

/**
 * An error for the log, as the lines of its entry: its name and message as one (however many line
 * breaks the message has: those are text, escaped by cleanLine), then each frame of its stack,
 * then its cause the same way.
 */
export function errorLines(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error)) return [String(error)];
  let head = 'Error';
  let stack = head;
  try {
    head = String(error);
    stack = typeof error.stack === 'string' ? error.stack : head;
  } catch {
    // a name, message or stack getter that throws: the log still gets a line
  }
  const lines = stack.split('\n');
  // The frames are the last run of "    at …" lines after the header (the message's own lines,
  // when the stack starts with it, are the header's whatever they look like).
  const header = stack.startsWith(head) ? head.split('\n').length : 1;
  let start = lines.length;
  while (start > header && FRAME.test(lines[start - 1] ?? '')) start--;
  const own = [lines.slice(0, start).join('\n'), ...lines.slice(start)];
  // A cause chain can loop (an error its own cause): a few levels say what happened.
  if (error.cause === undefined || depth >= MAX_CAUSES) return own;
  const [first = '', ...rest] = errorLines(error.cause, depth + 1);
  return [...own, `Caused by: ${first}`, ...rest];
}

export function requestLine(outcome: RequestOutcome): string {
  const answer = outcome.status > 0 ? String(outcome.status) : `no answer (${outcome.failure ?? 'failed'})`;
  // The path only: a query could carry anything, and the origin is the workspace's.
  const path = outcome.path.split(/[?#]/, 1)[0] ?? '';
  return `request ${outcome.method} ${path} ${answer} ${Math.round(outcome.ms)} ms${outcome.what ? ` (${outcome.what})` : ''}`;
}

export function createAppLog(options: AppLogOptions): AppLog {
  const sources: (() => Iterable<string>)[] = options.secrets ? [options.secrets] : [];
  const keep = options.keep ?? RECENT_ERRORS;
  const now = options.now ?? Date.now;
  const errors: LoggedError[] = [];
  const secrets = function* (): Iterable<string> {
    for (const source of sources) {
      try {
        yield* source();
      } catch {
        // a source that fails must not stop the line: the known forms are still cleaned
      }
    }
  };
  // The one place every line passes through on its way to the file.
  const write = (level: keyof Logger, message: string | readonly string[]): string => {
    const line = cleanLine(message, secrets());
    try {
      options.logger[level](line);
    } catch {
      // a log that cannot be written must not change what the app does
    }
    return line;
  };
  return {
    info: (message) => void write('info', message),
    warn: (message) => void write('warn', message),
    error: (message, error) => {
      const [first = '', ...frames] = error === undefined ? [] : errorLines(error);
      const line = write('error', error === undefined ? message : [`${message}: ${first}`, ...frames]);
      errors.push({ at: now(), line });
      if (errors.length > keep) errors.splice(0, errors.length - keep);
    },
    request: (outcome) => {
      // A refusal the app handles (404 of an optional call, 401 of a bad key) is information; no answer or a 5xx is a warning.
      const level = outcome.status === 0 || outcome.status >= 500 ? 'warn' : 'info';
      write(level, requestLine(outcome));
    },
    recentErrors: () => errors.map((entry) => ({ ...entry })),
    addSecrets: (source) => {
      sources.push(source);
    },
  };
}
