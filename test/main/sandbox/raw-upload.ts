// An HTTP/1.1 upload written by hand over TCP, chunked, so a test can see how much of a body the
// server really takes before it answers, and whether it cuts a client that stops sending.
import { connect } from 'node:net';

export interface UploadOutcome {
  /** Body bytes the kernel accepted from us: what the server read plus what sat in socket buffers. */
  written: number;
  /** Status of the answer, 0 when none came. */
  status: number;
  response: string;
  /** The server closed (or reset) the connection before the whole body was sent. */
  closedEarly: boolean;
}

export interface UploadOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** The body in pieces; a piece may be a function of its index so huge bodies are never held. */
  pieces: number;
  piece: (index: number) => Buffer;
  /** Stop after this many pieces and keep the connection open, sending nothing (a stalled upload). */
  stallAfter?: number;
  /** Give up waiting for the server after this long. */
  deadlineMs?: number;
}

export function chunkedUpload(options: UploadOptions): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let response = '';
    let closed = false;
    let finished = false;
    const socket = connect(options.port, '127.0.0.1');
    const done = (closedEarly: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve({ written, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0), response, closedEarly });
    };
    const deadline = setTimeout(() => done(false), options.deadlineMs ?? 15_000);
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset is the server closing early
    socket.on('close', () => {
      closed = true;
      done(true);
    });
    const write = (bytes: Buffer | string) =>
      new Promise<boolean>((ok) => {
        if (closed) return ok(false);
        socket.write(bytes, (error) => ok(!error));
      });
    const send = async () => {
      const head = [
        `POST ${options.path} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Transfer-Encoding: chunked',
        ...Object.entries(options.headers).map(([k, v]) => `${k}: ${v}`),
      ];
      await write(`${head.join('\r\n')}\r\n\r\n`);
      for (let i = 0; i < options.pieces; i += 1) {
        if (options.stallAfter !== undefined && i >= options.stallAfter) return; // stall: wait for the server
        const piece = options.piece(i);
        if (!(await write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])))) return;
        written += piece.length;
        if (response !== '') break; // answered: stop sending, see whether it closes
      }
      if (response === '') await write('0\r\n\r\n');
      // Wait for the answer and the close; a server that keeps the connection is timed out above.
      if (response !== '') setTimeout(() => done(closed), 2000);
    };
    socket.once('connect', () => {
      // A piece() that throws fails the upload at once, rather than as an unhandled rejection and a wait for the deadline.
      send().catch((error: unknown) => {
        finished = true;
        clearTimeout(deadline);
        socket.destroy();
        reject(error);
      });
    });
  });
}
