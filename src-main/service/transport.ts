// One HTTP exchange with the service through undici: bearer header, per-request timeout and
// cancellation, a capped body read, and network failures turned into `offline` / `timeout` /
// `cancelled`. Redirects are never followed (undici's request does not follow them), and the key
// is attached only to a request for the origin it is bound to (issue #14), so it never travels to
// another host whatever the caller asks.
import { request, Response, type Dispatcher, type FormData } from 'undici';
import { CallError, type CallErrorData } from '../../src-preload/contract/errors.ts';
import { classifyNetworkError, networkFailureMessage, serviceError, type NetworkFailure } from './errors.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface SendArgs {
  url: URL;
  method: Method;
  apiKey: string;
  /** The origin the key was entered for (the vault keeps it with the key); no other gets it. */
  keyOrigin: string;
  body?: FormData;
  /** A fixed dispatcher (tests), or a route that picks one per URL (the system's proxy; network-route.ts). */
  dispatcher?: Dispatcher | NetworkRoute;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Where the timeout is scheduled (default the process's timers; the chaos suite's virtual clock). */
  timers?: Timers;
}

/** Schedules the request timeout. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received, in the pieces it came in (a listing page main has read before is only digested, piece by piece). */
  chunks: readonly Uint8Array[];
  /** The body as received, joined when first read. */
  readonly bytes: Uint8Array;
  /** The body as UTF-8 text, decoded when first read (a listing page main has read before is only digested). */
  readonly text: string;
  /** The proxy (host:port) the answer came through, if any: a 502 may be the proxy's, not the service's. */
  proxy?: string;
}

/** The dispatcher for one request and the proxy (host:port) it goes through, null for a direct connection. */
export interface RoutedDispatcher {
  dispatcher: Dispatcher;
  proxy: string | null;
}

/** Picks the way out per URL (network-route.ts: the system's proxy settings); never rejects. */
export interface NetworkRoute {
  dispatcherFor(url: URL): Promise<RoutedDispatcher>;
}

function isRoute(value: Dispatcher | NetworkRoute): value is NetworkRoute {
  return typeof (value as Partial<NetworkRoute>).dispatcherFor === 'function';
}

/** A CallError that also says which network failure it was (the connection test tells them apart). */
export class NetworkCallError extends CallError {
  readonly failure: NetworkFailure | 'timeout';
  constructor(data: CallErrorData, failure: NetworkFailure | 'timeout') {
    super(data);
    this.failure = failure;
  }
}

/** Bodies larger than this are not a JSON answer Linkdock asked for (1,000 links is ~1 MB). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** An answer whose bytes are joined, and text decoded, once, when first read. */
export function rawAnswer(status: number, headers: RawAnswer['headers'], chunks: readonly Buffer[], proxy?: string | null): RawAnswer {
  let bytes: Buffer | undefined;
  let text: string | undefined;
  const joined = () => (bytes ??= chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  return {
    status,
    headers,
    chunks,
    get bytes() {
      return joined();
    },
    get text() {
      return (text ??= joined().toString('utf8'));
    },
    ...(proxy ? { proxy } : {}),
  };
}

export async function send(args: SendArgs): Promise<RawAnswer> {
  const { url, method } = args;
  const isWrite = method !== 'GET';
  if (args.signal?.aborted) throw serviceError('cancelled', 'The request was cancelled.');
  if (url.origin !== args.keyOrigin) {
    throw new CallError({
      kind: 'no-key',
      message: `The API key was entered for ${args.keyOrigin}, so Linkdock will not send it to ${url.origin}. Enter the key for ${url.origin}.`,
    });
  }
  const timers = args.timers ?? systemTimers;
  const timeout = new AbortController();
  const timer = timers.setTimeout(() => timeout.abort(new Error('timeout')), args.timeoutMs);
  const signal = args.signal ? AbortSignal.any([args.signal, timeout.signal]) : timeout.signal;
  const origin = url.origin;
  let routed: RoutedDispatcher | null = null;
  try {
    const given = args.dispatcher;
    routed = given ? (isRoute(given) ? await given.dispatcherFor(url) : { dispatcher: given, proxy: null }) : null;
    const encoded = args.body ? await encodeMultipart(args.body) : null;
    // The key goes in the origin's Authorization header only: never in a Proxy-Authorization header
    // (undici's ProxyAgent refuses one in a request), and an https request goes through a CONNECT tunnel.
    const response = await request(url, {
      method,
      headers: {
        authorization: `Bearer ${args.apiKey}`,
        accept: 'application/json',
        ...(encoded ? { 'content-type': encoded.contentType } : {}),
      },
      body: encoded?.bytes ?? null,
      signal,
      ...(routed ? { dispatcher: routed.dispatcher } : {}),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.byteLength;
      if (size > MAX_BODY_BYTES) {
        response.body.destroy();
        throw serviceError('bad-response', `The service's answer was larger than ${MAX_BODY_BYTES / 1048576} MiB.`, {
          status: response.statusCode,
        });
      }
      chunks.push(buffer);
    }
    return rawAnswer(response.statusCode, response.headers, chunks, routed?.proxy);
  } catch (error) {
    if (error instanceof CallError) throw error;
    if (args.signal?.aborted) throw serviceError('cancelled', 'The request was cancelled.', isWrite ? { maybeApplied: true } : {});
    if (timeout.signal.aborted) {
      throw new NetworkCallError(
        {
          kind: 'timeout',
          message: `The service at ${origin} did not answer within ${Math.round(args.timeoutMs / 100) / 10} s.`,
          ...(isWrite ? { maybeApplied: true } : {}),
        },
        'timeout',
      );
    }
    const failure = classifyNetworkError(error, routed?.proxy);
    const kind = failure.cause === 'connect-timeout' ? 'timeout' : 'offline';
    throw new NetworkCallError(
      {
        kind,
        message: networkFailureMessage(failure, origin),
        ...(isWrite && failure.mayHaveReached ? { maybeApplied: true } : {}),
      },
      failure,
    );
  } finally {
    timers.clearTimeout(timer);
  }
}

/**
 * The multipart bytes and content type of a form, encoded by undici's own Response. Handing the
 * FormData itself to request() can hang forever with no byte sent when another undici copy in
 * the process (Node's bundled one) has claimed the global dispatcher (nodejs/undici#5520); bytes
 * also give the service a Content-Length, which some deployments need.
 */
async function encodeMultipart(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('multipart encoding produced no content type');
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType };
}
