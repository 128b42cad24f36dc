// Turning what went wrong on the wire into the contract's CallError: network failures by their
// code, HTTP answers by status, and the service's own message (`errors[0].title`) kept for the user.
import { CallError, type CallErrorData, type ServiceErrorKind } from '../../src-preload/contract/errors.ts';

export function serviceError(kind: ServiceErrorKind, message: string, extra: Omit<CallErrorData, 'kind' | 'message'> = {}): CallError {
  const data: CallErrorData = { kind, message };
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) (data as Record<string, unknown>)[key] = value;
  }
  return new CallError(data);
}

/** A call that cannot be made as asked; it never reached the network. */
export function invalid(message: string): CallError {
  return new CallError({ kind: 'invalid-input', message });
}

/** Error codes that mean "the connection never carried the request" (nothing can have been applied). */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

export type NetworkFailure = {
  /** offline: refused/DNS/reset; tls: the secure connection failed; timeout: connect timed out; proxy: the system's proxy failed. */
  cause: 'refused' | 'dns' | 'reset' | 'tls' | 'connect-timeout' | 'proxy' | 'other';
  code: string | undefined;
  /** False when the request certainly never reached the service. */
  mayHaveReached: boolean;
  /** When cause is 'proxy': which proxy (host:port) and what it did. */
  proxy?: ProxyFailure;
};

export interface ProxyFailure {
  address: string;
  /** unreachable: no connection to the proxy; auth: it wants a sign-in (407); refused: it would not connect onward; tls: its own certificate failed. */
  problem: 'unreachable' | 'auth' | 'refused' | 'tls';
  /** The proxy's HTTP status, when it answered one. */
  status?: number;
}

/** Finds the system/undici error code, looking through `cause` and AggregateError (happy eyeballs). */
export function errorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === 'string' && record.code !== 'UND_ERR' && record.code !== 'ERR_AGGREGATE') return record.code;
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = errorCode(inner, depth + 1);
      if (code) return code;
    }
  }
  return errorCode(record.cause, depth + 1);
}

/** The status a proxy answered instead of a tunnel or a forwarded answer (undici says it in the message). */
function proxyStatus(error: unknown, depth = 0): number | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  const match = typeof message === 'string' ? /Proxy (?:response \((\d{3})\)|Authentication Required \((407)\))/.exec(message) : null;
  if (match) return Number(match[1] ?? match[2]);
  return proxyStatus(cause, depth + 1);
}

/**
 * What went wrong; `proxy` (host:port) when the request went through the system's proxy, so a
 * failure to reach it, or its refusal, is told apart from the service's.
 */
export function classifyNetworkError(error: unknown, proxy?: string | null): NetworkFailure {
  const code = errorCode(error);
  if (proxy) {
    const status = proxyStatus(error);
    if (status !== undefined) {
      return { cause: 'proxy', code, mayHaveReached: false, proxy: { address: proxy, problem: status === 407 ? 'auth' : 'refused', status } };
    }
    if (code === 'UND_ERR_PRX_TLS') return { cause: 'proxy', code, mayHaveReached: false, proxy: { address: proxy, problem: 'tls' } };
    // Through a proxy the only connection Linkdock opens is to the proxy: failing to open it is the proxy's failure.
    if (code === 'UND_ERR_PRX_CONN' || (code && NEVER_CONNECTED.has(code))) {
      return { cause: 'proxy', code, mayHaveReached: false, proxy: { address: proxy, problem: 'unreachable' } };
    }
  }
  if (code && (TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || /CERT/.test(code))) {
    return { cause: 'tls', code, mayHaveReached: false };
  }
  if (code === 'ECONNREFUSED') return { cause: 'refused', code, mayHaveReached: false };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return { cause: 'dns', code, mayHaveReached: false };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { cause: 'connect-timeout', code, mayHaveReached: false };
  if (code && NEVER_CONNECTED.has(code)) return { cause: 'refused', code, mayHaveReached: false };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'ECONNABORTED') {
    return { cause: 'reset', code, mayHaveReached: true };
  }
  return { cause: 'other', code, mayHaveReached: true };
}

export function networkFailureMessage(failure: NetworkFailure, origin: string): string {
  switch (failure.cause) {
    case 'refused':
      return `Could not connect to ${origin} (connection refused or host unreachable).`;
    case 'dns':
      return `Could not find the host of ${origin} (name lookup failed).`;
    case 'tls':
      return `The secure connection to ${origin} failed: ${certificateProblem(failure.code)} (${failure.code ?? 'TLS error'}).`;
    case 'proxy':
      return proxyFailureMessage(failure.proxy, failure.code, origin);
    case 'connect-timeout':
      return `Connecting to ${origin} timed out.`;
    case 'reset':
      return `The connection to ${origin} was lost before the service answered.`;
    default:
      return `The request to ${origin} failed${failure.code ? ` (${failure.code})` : ''}.`;
  }
}

/** A certificate error code in plain words (OpenSSL's and Node's codes). */
export function certificateProblem(code: string | undefined): string {
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'its certificate is self-signed, so no authority this computer trusts vouches for it';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_UNTRUSTED':
      return "its certificate was issued by an authority this computer does not trust (a network that inspects secure connections needs its authority in the system's certificate store)";
    case 'CERT_HAS_EXPIRED':
      return 'its certificate has expired';
    case 'CERT_NOT_YET_VALID':
      return "its certificate is not valid yet (check this computer's date and time)";
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'HOSTNAME_MISMATCH':
      return 'its certificate is for another name than this address';
    case 'CERT_REVOKED':
      return 'its certificate was revoked';
    default:
      return 'its certificate or TLS setup is not accepted';
  }
}

function proxyFailureMessage(proxy: ProxyFailure | undefined, code: string | undefined, origin: string): string {
  const address = proxy?.address ?? 'the proxy';
  const named = `The proxy ${address} (from the system's proxy settings)`;
  switch (proxy?.problem) {
    case 'auth':
      return `${named} asks for a sign-in (HTTP 407), which Linkdock cannot give: ask your administrator to let ${origin} through without one.`;
    case 'refused':
      return `${named} would not connect to ${origin} (HTTP ${proxy.status ?? '?'}): the proxy blocks it, or cannot reach it.`;
    case 'tls':
      return `The secure connection to the proxy ${address} (from the system's proxy settings) failed: its own certificate is not accepted.`;
    default:
      return `Could not reach the proxy ${address} that the system's proxy settings name for ${origin}${code ? ` (${code})` : ''}. Check the proxy settings, or the network.`;
  }
}

/**
 * The service's own message: `{"errors":[{"title"}]}` (real deployments), `{"message": "..." | [...]}`
 * (upload errors and some frameworks). Undefined when the body holds none.
 */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { errors?: unknown; message?: unknown; error?: unknown };
  if (Array.isArray(record.errors)) {
    const titles = record.errors
      .map((entry) => {
        if (typeof entry === 'string') return entry;
        if (typeof entry === 'object' && entry !== null) {
          const { title, detail, message } = entry as { title?: unknown; detail?: unknown; message?: unknown };
          for (const candidate of [title, detail, message]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
        }
        return undefined;
      })
      .filter((title): title is string => typeof title === 'string' && title.trim() !== '');
    if (titles.length > 0) return titles.join(' ');
  }
  for (const candidate of [record.message, record.error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
    if (Array.isArray(candidate)) {
      const parts = candidate.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
      if (parts.length > 0) return parts.join(' ');
    }
  }
  return undefined;
}

/** Upload errors come back as HTTP 200 `{"message":[...],"status":"error","details":[]}`. */
export function isErrorBodyWithOkStatus(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as { status?: unknown; errors?: unknown; data?: unknown };
  if (record.status === 'error') return true;
  return Array.isArray(record.errors) && record.errors.length > 0 && record.data === undefined;
}
