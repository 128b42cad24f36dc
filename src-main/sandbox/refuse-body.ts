// Answering a request whose body is refused before its end (too large, wrong type) without
// reading the rest. Node's way to close such a connection (Connection: close → destroySoon) resets
// it at once while unread body bytes remain, and a client still sending often loses the answer to
// that reset. So: stop reading, answer with Connection: close, send FIN, and reset only after a
// short linger in which the client can read the answer and stop (what nginx calls lingering close,
// minus the draining: nothing more of the body is read).
import type { FastifyReply, FastifyRequest } from 'fastify';

const LINGER_MS = 1000;

/** Call before sending the answer; does nothing when the whole request has arrived (a GET, a small body). */
export function closeWithoutReadingRest(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  raw.pause();
  reply.header('Connection', 'close');
  const socket = raw.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
