// Counts a multipart body's bytes as they arrive. busboy's own limits truncate a field or file but
// go on reading the stream to its end, so a chunked body (no Content-Length to refuse up front)
// would be read whole; this stops it at the request limit instead.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface BodyWatch {
  /** Rejects with a 413 once the body passes the limit; never resolves. */
  exceeded: Promise<never>;
  stop(): void;
}

export function watchBodySize(request: FastifyRequest, limit: number): BodyWatch {
  let received = 0;
  let fail: (error: ApiError) => void = () => undefined;
  const exceeded = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  exceeded.catch(() => undefined); // awaited only in a race: an unobserved rejection must not end the process
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    stop();
    // Stop feeding the parser now; the error answer closes the connection (refuse-body.ts).
    request.raw.unpipe();
    request.raw.pause();
    fail(new ApiError(413, `The request is larger than ${limit} bytes`));
  };
  const stop = () => request.raw.off('data', onData);
  request.raw.on('data', onData);
  return { exceeded, stop };
}
