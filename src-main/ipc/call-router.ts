// Turns a raw call from a transport (Electron IPC, the preview's WebSocket) into a validated
// handler invocation and a serialisable result. Nothing reaches a handler unless the sender is
// trusted and the input passed the contract's schema, and no result leaves with an API key in it.
import { z } from 'zod';
import {
  CALL_NAMES,
  CallError,
  calls,
  type CallErrorData,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
} from '../../src-preload/contract/index.ts';
import { redactSecrets } from '../security/redact.ts';
import { wasCheckedAgainst } from '../service/checked-output.ts';

/** Parsed (post-schema) input of a call. */
export type ParsedInput<N extends CallName> = z.output<(typeof calls)[N]['input']>;
export type CallHandlers = { [N in CallName]: (input: ParsedInput<N>) => Promise<CallOutput<N>> };

export interface CallRouterOptions {
  handlers: CallHandlers;
  /** Told about unexpected failures; never given inputs (they may hold keys). */
  logError?: (message: string) => void;
  /** The API keys main holds (the vault's); with any key in the call's input, cleaned from every result. */
  secrets?: () => Iterable<string>;
}

export interface CallRouter {
  handle(name: string, rawInput: unknown, trusted: boolean): Promise<CallResult>;
}

const callNames = new Set<string>(CALL_NAMES);

export function createCallRouter(options: CallRouterOptions): CallRouter {
  const secrets = options.secrets ?? (() => []);
  return {
    async handle(name, rawInput, trusted) {
      // A service may echo the key in any text (issue #14): this is where every answer leaves main.
      const inputKey = typeof rawInput === 'object' && rawInput !== null ? (rawInput as { apiKey?: unknown }).apiKey : undefined;
      const known = (): string[] => [...secrets(), ...(typeof inputKey === 'string' ? [inputKey, inputKey.trim()] : [])];
      const logError = (message: string): void => options.logError?.(redactSecrets(message, known()));
      return redactSecrets(await route(name, rawInput, trusted, logError), known());
    },
  };

  async function route(name: string, rawInput: unknown, trusted: boolean, logError: (message: string) => void): Promise<CallResult> {
    if (!trusted) {
      return failure({ kind: 'forbidden', message: 'This window may not call Linkdock.' });
    }
    // A compromised renderer may send any value as the name: only a known string is a call.
    if (typeof name !== 'string' || !callNames.has(name)) {
      return failure({ kind: 'invalid-input', message: typeof name === 'string' ? `Unknown call: ${name.slice(0, 64)}` : 'A call name must be text.' });
    }
    const callName = name as CallName;
    const parsed = calls[callName].input.safeParse(rawInput);
    if (!parsed.success) return failure(invalidInput(parsed.error));
    try {
      const handler = options.handlers[callName] as (input: unknown) => Promise<unknown>;
      const value = await handler(parsed.data);
      // Inputs are always checked; an output the service client already checked against this
      // very schema (list pages of server data) is not checked twice.
      const schema = calls[callName].output;
      const output = wasCheckedAgainst(value, schema) ? { success: true as const, data: value } : schema.safeParse(value);
      if (!output.success) {
        logError(`${callName}: output failed the contract: ${z.prettifyError(output.error)}`);
        return failure({ kind: 'internal', message: `Linkdock produced an invalid answer for ${callName}.` });
      }
      return { ok: true, value: output.data };
    } catch (error) {
      if (error instanceof CallError) return failure(error.data);
      logError(`${callName}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return failure({ kind: 'internal', message: `Something went wrong in ${callName}. Nothing was changed by it.` });
    }
  }
}

function failure(error: CallErrorData): CallResult {
  return { ok: false, error };
}

function invalidInput(error: z.ZodError): CallErrorData {
  const issues = error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const first = issues[0];
  return {
    kind: 'invalid-input',
    message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input',
    ...(first?.path ? { field: first.path } : {}),
    issues,
  };
}

function formatPath(path: PropertyKey[]): string {
  // Strip the call envelope (`input.`) so the path names the service field the form shows.
  const parts = path.map(String);
  if (parts[0] === 'input') parts.shift();
  return parts.join('.');
}

export type { CallInput };
