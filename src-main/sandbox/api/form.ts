// Reads a POST body into fields and files. Multipart is parsed by @fastify/multipart (busboy);
// application/x-www-form-urlencoded (the HTML forms of the link pages) by URLSearchParams.
import type { FastifyRequest } from 'fastify';
import { watchBodySize } from './body-size.ts';
import { ApiError } from './errors.ts';
import { LIMITS } from './limits.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface FormInput {
  fields: Map<string, string[]>;
  files: Map<string, UploadedFile[]>;
}

function push<T>(map: Map<string, T[]>, name: string, value: T): void {
  const list = map.get(name);
  if (list) list.push(value);
  else map.set(name, [value]);
}

export async function readForm(request: FastifyRequest): Promise<FormInput> {
  const form: FormInput = { fields: new Map(), files: new Map() };
  if (request.isMultipart()) {
    // Attached before the parser pipes the request, in the same tick, so it sees every byte.
    const watch = watchBodySize(request, LIMITS.requestBytes);
    const parsing = readParts(request, form);
    // A parser cut off by the size watch settles only when the connection closes; nobody waits for it then.
    parsing.catch(() => undefined);
    try {
      await Promise.race([parsing, watch.exceeded]);
    } catch (error) {
      throw asFormError(error);
    } finally {
      watch.stop();
    }
    return form;
  }
  const body = request.body;
  if (body instanceof URLSearchParams) {
    for (const [name, value] of body) push(form.fields, name, value);
    return form;
  }
  if (body === undefined || body === null || body === '') return form;
  throw new ApiError(415, 'Unsupported content type: send the fields as multipart/form-data');
}

async function readParts(request: FastifyRequest, form: FormInput): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // An empty file input in a browser form sends a nameless, empty part: nothing was chosen.
      if (part.filename === '' && data.length === 0) continue;
      push(form.files, part.fieldname, { filename: part.filename, mimetype: part.mimetype, data });
    } else {
      if (part.valueTruncated) {
        throw new ApiError(413, `Field ${part.fieldname} is larger than ${LIMITS.fieldBytes} bytes`);
      }
      if (part.fieldnameTruncated) throw new ApiError(400, 'A field name is too long');
      push(form.fields, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  }
}

/** Limit errors keep their 413; anything the parser choked on (truncated, malformed) is a 400. */
function asFormError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 413) return new ApiError(413, `The request is too large (${message})`);
  return new ApiError(400, `Malformed multipart body: ${message}`);
}
