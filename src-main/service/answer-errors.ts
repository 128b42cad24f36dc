// What a non-2xx answer means, as one CallError: redirects are not followed, 429 carries the
// reset, 5xx and HTML pages are server trouble, and a 401 on a write is settled by a key check
// (real deployments answer validation failures with 401 too).
import type { CallError } from '../../src-preload/contract/errors.ts';
import type { RequestKind } from './client-types.ts';
import { serviceError, serviceMessage } from './errors.ts';
import type { ParsedBody } from './normalise.ts';
import type { RawAnswer } from './transport.ts';

export type Exchange = { status: number; headers: RawAnswer['headers']; body: ParsedBody };

export const WRITES: ReadonlySet<RequestKind> = new Set(['create', 'update', 'delete']);

export interface ErrorContext {
  /** Epoch ms the rate-limit window reopens, when known. */
  resetAt: () => number | undefined;
  /** A 401/403 on a write: one cheap read tells a refused key from a refused change. */
  checkKey: (status: number, said: string | undefined) => Promise<CallError>;
}

export async function answerError(kind: RequestKind, answer: Exchange, context: ErrorContext): Promise<CallError> {
  const { status, body } = answer;
  const isWrite = WRITES.has(kind);
  const said = body.kind === 'json' ? serviceMessage(body.value) : undefined;
  if (status >= 300 && status < 400) {
    const location = answer.headers.location;
    const target = Array.isArray(location) ? location[0] : location;
    return serviceError(
      'bad-response',
      `The service answered with a redirect (HTTP ${status}) to ${target ?? 'an unnamed address'}; Linkdock does not follow redirects. Check the workspace address.`,
      { status },
    );
  }
  if (status === 429) {
    const resetAt = context.resetAt();
    return serviceError('rate-limited', said ?? 'The service is limiting requests: too many in this minute.', { status, resetAt });
  }
  if (status >= 500) {
    const message =
      body.kind === 'html'
        ? `The service had a server error (HTTP ${status}) and answered with a web page instead of JSON.`
        : (said ?? `The service had a server error (HTTP ${status}).`);
    return serviceError('server', message, { status, ...(isWrite ? { maybeApplied: true } : {}) });
  }
  if (body.kind === 'html') {
    return serviceError('bad-response', `The service answered with a web page (HTTP ${status}) instead of JSON: is the workspace address right?`, {
      status,
    });
  }
  if (status === 401 || status === 403) {
    if (!isWrite) return serviceError('unauthorized', said ?? 'The service refused the API key.', { status });
    return context.checkKey(status, said);
  }
  if (status === 404) return serviceError('not-found', said ?? 'The service has no such item (HTTP 404).', { status });
  if (status >= 400) return serviceError('validation', said ?? `The service refused the request (HTTP ${status}).`, { status });
  return serviceError('bad-response', `The service sent an unexpected answer (HTTP ${status}).`, { status });
}
