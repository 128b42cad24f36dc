// "Test connection": one cheap read (the first page of domains) that tells apart a bad key, an
// unreachable host, a TLS failure, a timeout, something that is not this API (HTML, unknown JSON,
// redirects, 404) and a working connection.
import type { Dispatcher } from 'undici';
import { isApiKeyText, type ConnectionTest } from '../../src-preload/contract/calls.ts';
import { normaliseBaseUrl } from './base-url.ts';
import { invalid, serviceMessage } from './errors.ts';
import { parseBody } from './normalise.ts';
import { CallError } from '../../src-preload/contract/errors.ts';
import type { RequestEvent } from './client-types.ts';
import { NetworkCallError, send, type NetworkRoute, type RawAnswer, type Timers } from './transport.ts';

const PROBE_PATH = 'api/domains/?results_per_page=10';

function looksLikeListEnvelope(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { data, meta } = value as { data?: unknown; meta?: unknown };
  return Array.isArray(data) && typeof meta === 'object' && meta !== null;
}

function looksLikeServiceError(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { errors } = value as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0;
}

/** What an answer says about the connection. */
export function judgeAnswer(answer: RawAnswer): ConnectionTest {
  const { status } = answer;
  const body = parseBody(answer.text);
  const json = body.kind === 'json' ? body.value : undefined;
  if (status >= 300 && status < 400) {
    const location = answer.headers.location;
    const target = Array.isArray(location) ? location[0] : location;
    return {
      outcome: 'not-this-api',
      message: `The address redirects (HTTP ${status}) to ${target ?? 'another address'}. Enter the service's own address.`,
    };
  }
  // Forwarded plain http: a gateway error without the service's error shape is the proxy speaking.
  if (answer.proxy && status >= 502 && status <= 504 && !looksLikeServiceError(json)) {
    return {
      outcome: 'unreachable',
      message: `The proxy ${answer.proxy} (from the system's proxy settings) could not reach the service (HTTP ${status}).`,
    };
  }
  if (body.kind === 'html') {
    return {
      outcome: 'not-this-api',
      message: `The address answered with a web page (HTTP ${status}), not the link service's API. Check the address, and that the API is switched on.`,
    };
  }
  if (status >= 200 && status < 300) {
    if (looksLikeListEnvelope(json)) return { outcome: 'ok', message: 'Connected: the service answered and accepted the key.' };
    return { outcome: 'not-this-api', message: `The address answered (HTTP ${status}), but not like the link service's API.` };
  }
  if ((status === 401 || status === 403) && looksLikeServiceError(json)) {
    return { outcome: 'bad-key', message: serviceMessage(json) ?? 'The service refused the API key.' };
  }
  if (status === 429 && looksLikeServiceError(json)) {
    // Real deployments count requests per key after authenticating it.
    return {
      outcome: 'ok',
      message: `The service answered but is limiting requests right now: ${serviceMessage(json) ?? 'too many requests'}. Try again in a minute.`,
    };
  }
  if (status >= 500 && looksLikeServiceError(json)) {
    return { outcome: 'unreachable', message: `The service has a server error (HTTP ${status}): ${serviceMessage(json)}` };
  }
  return { outcome: 'not-this-api', message: `The address answered HTTP ${status}, not like the link service's API.` };
}

/** What a failed exchange says about the connection; other CallErrors are rethrown. */
export function judgeFailure(error: unknown): ConnectionTest {
  if (error instanceof NetworkCallError) {
    if (error.failure === 'timeout' || error.failure.cause === 'connect-timeout') return { outcome: 'timeout', message: error.message };
    if (error.failure.cause === 'tls') return { outcome: 'tls', message: error.message };
    return { outcome: 'unreachable', message: error.message };
  }
  // Cancelled, or the workspace budget has no room (rate-limited, with resetAt): not an outcome.
  throw error;
}

export async function runConnectionTest(exchange: (url: URL) => Promise<RawAnswer>, url: URL): Promise<ConnectionTest> {
  let answer: RawAnswer;
  try {
    answer = await exchange(url);
  } catch (error) {
    return judgeFailure(error);
  }
  return judgeAnswer(answer);
}

export interface TestConnectionArgs {
  baseUrl: string;
  apiKey: string;
  /** The origin the key is bound to; default the base URL's (a key typed for this address). */
  keyOrigin?: string;
  dispatcher?: Dispatcher | NetworkRoute;
  timeoutMs?: number;
  signal?: AbortSignal;
  timers?: Timers;
  /** Told the probe's outcome, as the client tells its requests'. */
  onRequest?: (event: RequestEvent) => void;
}

/** Tests a candidate service before it is saved (no workspace, so no shared budget). */
export function testConnection(args: TestConnectionArgs): Promise<ConnectionTest> {
  const base = normaliseBaseUrl(args.baseUrl);
  const apiKey = typeof args.apiKey === 'string' ? args.apiKey.trim() : '';
  if (!isApiKeyText(apiKey)) throw invalid('An API key is required, without spaces or control characters.');
  const probe = async (url: URL): Promise<RawAnswer> => {
    const started = performance.now();
    let status = 0;
    let failure: string | undefined;
    try {
      const answer = await send({
        url,
        method: 'GET',
        apiKey,
        keyOrigin: args.keyOrigin ?? base.origin,
        timeoutMs: args.timeoutMs ?? 15_000,
        ...(args.dispatcher ? { dispatcher: args.dispatcher } : {}),
        ...(args.signal ? { signal: args.signal } : {}),
        ...(args.timers ? { timers: args.timers } : {}),
      });
      status = answer.status;
      return answer;
    } catch (error) {
      failure = error instanceof CallError ? error.kind : 'error';
      throw error;
    } finally {
      const event: RequestEvent = {
        kind: 'probe',
        resource: 'domains',
        method: 'GET',
        path: url.pathname,
        status,
        ms: Math.round(performance.now() - started),
      };
      try {
        args.onRequest?.(failure ? { ...event, failure } : event);
      } catch {
        // an observer's failure must not change the test's outcome
      }
    }
  };
  return runConnectionTest(probe, new URL(PROBE_PATH, base));
}

export { PROBE_PATH };
