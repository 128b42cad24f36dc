// Errors in the shape real deployments send: {"errors":[{"title","status"}]} with the same HTTP
// status. Unlike real deployments, validation failures are 400/422, never 401.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { closeWithoutReadingRest } from '../refuse-body.ts';

export interface ErrorBody {
  errors: { title: string; status: number }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly titles: string[];
  readonly headers: Record<string, string>;
  constructor(status: number, titles: string | string[], headers: Record<string, string> = {}) {
    const list = Array.isArray(titles) ? titles : [titles];
    super(list[0] ?? 'Error');
    this.name = 'ApiError';
    this.status = status;
    this.titles = list;
    this.headers = headers;
  }
}

export function errorBody(status: number, titles: readonly string[]): ErrorBody {
  return { errors: titles.map((title) => ({ title, status })) };
}

/** A 422 naming every field that failed, in the contract's words. */
export function validationError(issues: readonly { path: PropertyKey[]; message: string }[]): ApiError {
  return new ApiError(
    422,
    issues.map((issue) => {
      const field = fieldName(issue.path);
      return field ? `${field}: ${issue.message}` : issue.message;
    }),
  );
}

export function fromZod(error: z.ZodError): ApiError {
  return validationError(error.issues);
}

/** Path of a schema issue written as the form field the client sent (targeting[kind][i].key → targeting_kind_key[i]). */
function fieldName(path: PropertyKey[]): string {
  const [head, kind, index, part] = path;
  if (head === 'targeting' && typeof kind === 'string') {
    if (typeof index === 'number') return `targeting_${kind}_${typeof part === 'string' ? part : 'key'}[${index}]`;
    return `targeting_${kind}`;
  }
  if ((head === 'email_reports' || head === 'pixels_ids') && path.length > 1) return `${head}[]`;
  return typeof head === 'string' ? head : '';
}

/** Maps Fastify's own errors (body too large, bad media type, parse errors) to the error shape. */
export function sendError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Refused with part of the body unread (too large, malformed): close rather than read the rest.
  closeWithoutReadingRest(request, reply);
  if (error instanceof ApiError) {
    return reply.code(error.status).headers(error.headers).type('application/json').send(errorBody(error.status, error.titles));
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  // Busy (too many password hashes queued): the client may retry; not a sandbox bug.
  if (status === 503)
    return reply
      .code(503)
      .type('application/json')
      .send(errorBody(503, [error.message]));
  if (status >= 500) {
    // The request may carry a key: log only what went wrong and where.
    request.log.error({ err: error, url: request.routeOptions.url }, 'sandbox request failed');
    // The logger is usually off for the sandbox; a crash must still be seen.
    process.stderr.write(`sandbox: internal error on ${request.method} ${request.routeOptions.url ?? '?'}: ${error.stack ?? error.message}\n`);
    return reply
      .code(500)
      .type('application/json')
      .send(errorBody(500, ['Internal error in the sandbox']));
  }
  return reply
    .code(status)
    .type('application/json')
    .send(errorBody(status, [clientErrorTitle(error, status)]));
}

function clientErrorTitle(error: Error, status: number): string {
  if (status === 413) return 'The request is too large';
  if (status === 415) return 'Unsupported content type: send the fields as multipart/form-data';
  if (status === 414) return 'A path segment is too long';
  return error.message || 'Bad request';
}
