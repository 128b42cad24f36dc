// A call's input checked as main checks it, with the refusal main answers: the router uses it for
// every call, and the renderer for inputs it builds from stored data, so both refuse alike.
import type { z } from 'zod';
import { callSchema, type CallInput, type CallName } from './calls.ts';
import { CallError, type CallErrorData } from './errors.ts';

export function invalidInput(error: z.ZodError): CallErrorData {
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

/** What main answers to this input, or null when it passes the call's schema. */
export function refusalOf(name: CallName, input: unknown): CallErrorData | null {
  const schema = callSchema(name);
  if (!schema) return { kind: 'invalid-input', message: `Unknown call: ${name.slice(0, 64)}` };
  const parsed = schema.input.safeParse(input);
  return parsed.success ? null : invalidInput(parsed.error);
}

/** Throws the CallError main would answer unless `input` is a valid input of the call. */
export function assertCallInput<N extends CallName>(name: N, input: unknown): asserts input is CallInput<N> {
  const refusal = refusalOf(name, input);
  if (refusal) throw new CallError(refusal);
}
