// Errors that cross the contract. Service errors keep the service's own message (`title`) so the
// user sees what the service said; main-side errors say what was wrong with the call.
import { z } from 'zod';

export const SERVICE_ERROR_KINDS = [
  'offline', // no connection (refused, DNS, reset, TLS): retry later
  'timeout', // no answer in time: the request may or may not have been applied
  'unauthorized', // the key was refused (confirmed by a read, see service client)
  'validation', // the service rejected the input (400/422, or a 401 whose key is fine)
  'not-found',
  'rate-limited', // 429, or the budget knows the window is exhausted; carries resetAt
  'server', // 5xx
  'bad-response', // an answer that cannot be made sense of (HTML, wrong shape, redirect)
  'cancelled', // the caller cancelled the request
  'not-available', // the service has no such call (statistics on a deployment without them): use what the app has
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

export const CALL_ERROR_KINDS = [
  ...SERVICE_ERROR_KINDS,
  'invalid-input', // failed the contract's schema: never reached the network
  'forbidden', // the call came from a frame that may not make it
  'workspace-not-found',
  'no-key', // the workspace has no key stored
  'vault', // the key store could not encrypt/decrypt (with why)
  'weak-encryption', // only obfuscation is available and the user has not agreed to it
  'internal',
] as const;
export type CallErrorKind = (typeof CALL_ERROR_KINDS)[number];

export const CallErrorSchema = z.object({
  kind: z.enum(CALL_ERROR_KINDS),
  message: z.string(),
  /** HTTP status, when the error came from a response. */
  status: z.number().int().optional(),
  /** Epoch ms when a rate-limit window reopens. */
  resetAt: z.number().optional(),
  /** Input field the error is about, when known (schema path or the service's field). */
  field: z.string().optional(),
  /** Per-field messages for invalid-input. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** True when the request may have been applied although no answer arrived. */
  maybeApplied: z.boolean().optional(),
});
export type CallErrorData = z.infer<typeof CallErrorSchema>;

/** Error thrown on the renderer side of the contract, and by main's services. */
export class CallError extends Error {
  readonly kind: CallErrorKind;
  readonly data: CallErrorData;
  constructor(data: CallErrorData) {
    super(data.message);
    this.name = 'CallError';
    this.kind = data.kind;
    this.data = data;
  }
}

export const CallResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: CallErrorSchema }),
]);
export type CallResult = z.infer<typeof CallResultSchema>;
