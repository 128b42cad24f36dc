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
  /** offline: refused/DNS/reset; tls: the secure connection failed; timeout: connect timed out. */
  cause: 'refused' | 'dns' | 'reset' | 'tls' | 'connect-timeout' | 'other';
  code: string | undefined;
  /** False when the request certainly never reached the service. */
  mayHaveReached: boolean;
};

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

export function classifyNetworkError(error: unknown): NetworkFailure {
  const code = errorCode(error);
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
      return `The secure connection to ${origin} failed (${failure.code ?? 'TLS error'}): its certificate or TLS setup is not accepted.`;
    case 'connect-timeout':
      return `Connecting to ${origin} timed out.`;
    case 'reset':
      return `The connection to ${origin} was lost before the service answered.`;
    default:
      return `The request to ${origin} failed${failure.code ? ` (${failure.code})` : ''}.`;
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
