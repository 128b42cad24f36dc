// Turns a raw call from a transport (Electron IPC, the preview's WebSocket) into a validated
// handler invocation and a serialisable result. Nothing reaches a handler unless the sender is
// trusted and the input passed the contract's schema, and no result leaves with an API key in it.
import { z } from 'zod';
import {
  CallError,
  callSchema,
  invalidInput,
  isCallName,
  isResourceCallName,
  isServiceDataCallName,
  resourceCallOf,
  type AppCallName,
  type CallErrorData,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type ParsedCallInput,
  type ResourceCallTypes,
  type ResourceName,
  type ResourceVerb,
} from '../../src-preload/contract/index.ts';
import { redactSecrets } from '../security/redact.ts';
import { wasCheckedAgainst } from '../service/checked-output.ts';
import type { ListingBatch } from '../service/listing-streams.ts';
import { listingAnswer } from './listing-answer.ts';

/** Parsed (post-schema) input of a call. */
export type ParsedInput<N extends CallName> = ParsedCallInput<N>;
export type AppCallHandlers = { [N in AppCallName]: (input: ParsedInput<N>) => Promise<CallOutput<N>> };
/** One resource's verbs; main generates them for every resource of the table (resource-handlers.ts). */
export type ResourceVerbHandlers<R extends ResourceName> = {
  [V in ResourceVerb]: (args: ResourceCallTypes<R>[V]['args']) => Promise<ResourceCallTypes<R>[V]['result']>;
};
export type ResourceHandlers = <R extends ResourceName>(resource: R) => ResourceVerbHandlers<R>;
export type CallHandlers = AppCallHandlers & { resources: ResourceHandlers };

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

const isAppCallName = (name: CallName): name is AppCallName => !isResourceCallName(name);

export function createCallRouter(options: CallRouterOptions): CallRouter {
  const secrets = options.secrets ?? (() => []);
  return {
    async handle(name, rawInput, trusted) {
      // A service may echo the key in any text (issue #14): this is where every answer leaves main.
      const inputKey = typeof rawInput === 'object' && rawInput !== null ? (rawInput as { apiKey?: unknown }).apiKey : undefined;
      const known = (): string[] => [...secrets(), ...(typeof inputKey === 'string' ? [inputKey, inputKey.trim()] : [])];
      const logError = (message: string): void => options.logError?.(redactSecrets(message, known()));
      const result = await route(name, rawInput, trusted, logError);
      // A link's own texts (a cloaking script with its Authorization header, say) are the user's:
      // cleaned of Linkdock's keys, not of every token, or an edit would save the mangled copy back.
      // Errors and everything else are cleaned of any bearer token too.
      // A listing's pages leave as texts made of the cleaned rows (listing-answer.ts).
      if (result.ok && name === 'listing.next') {
        try {
          return { ok: true, value: listingAnswer(result.value as ListingBatch, known()) };
        } catch (error) {
          logError(`listing.next: ${error instanceof Error ? error.message : String(error)}`);
          return failure({ kind: 'internal', message: 'Linkdock could not hand over a page of the listing.' });
        }
      }
      if (result.ok && isServiceDataCallName(name)) return redactSecrets(result, known(), { tokens: false });
      return redactSecrets(result, known());
    },
  };

  async function route(name: string, rawInput: unknown, trusted: boolean, logError: (message: string) => void): Promise<CallResult> {
    if (!trusted) {
      return failure({ kind: 'forbidden', message: 'This window may not call Linkdock.' });
    }
    // A compromised renderer may send any value as the name: only a known string is a call.
    if (typeof name !== 'string' || !isCallName(name)) {
      return failure({ kind: 'invalid-input', message: typeof name === 'string' ? `Unknown call: ${name.slice(0, 64)}` : 'A call name must be text.' });
    }
    const callName = name;
    const schema = callSchema(callName);
    if (!schema) return failure({ kind: 'invalid-input', message: `Unknown call: ${callName}` });
    const parsed = schema.input.safeParse(rawInput);
    if (!parsed.success) return failure(invalidInput(parsed.error));
    try {
      const value = await handlerOf(callName)(parsed.data);
      // Inputs are always checked; an output the service client already checked against this
      // very schema (list pages of server data) is not checked twice.
      const output = wasCheckedAgainst(value, schema.output) ? { success: true as const, data: value } : schema.output.safeParse(value);
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

  /** A resource's verb from the handlers generated from the table, or the app's own handler. */
  function handlerOf(name: CallName): (input: unknown) => Promise<unknown> {
    // The input handed over is the output of this very call's schema: what the handler is typed for.
    const resourceCall = resourceCallOf(name);
    if (resourceCall) return options.handlers.resources(resourceCall.resource)[resourceCall.verb] as (input: unknown) => Promise<unknown>;
    if (isAppCallName(name)) return options.handlers[name] as (input: unknown) => Promise<unknown>;
    throw new Error(`No handler for ${name}`);
  }
}

function failure(error: CallErrorData): CallResult {
  return { ok: false, error };
}

export type { CallInput };
