// Success responses as real deployments send them.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const created = (reply: FastifyReply, data: { id: number } | { ids: number[] }) => reply.code(201).send({ data });
export const updated = (reply: FastifyReply, id: number) => reply.code(200).send({ data: { id } });
/** Delete: 200, an empty body, a JSON content-type. */
export const deleted = (reply: FastifyReply) => reply.code(200).type('application/json').send('');

/**
 * onSend hook for large JSON answers (a list page of 1,000 links is most of a megabyte): Fastify
 * would measure the text as UTF-8 and Node encode it as UTF-8, both slow for long strings here.
 * JSON that is all ASCII, as a list usually is, is the same bytes in Latin-1, which Node writes
 * many times faster; any other text goes out as it is.
 */
export async function asciiAsBytes(_request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || payload.length < 16_384) return payload;
  // From U+0080 on a character takes two or more UTF-8 bytes: equal lengths mean ASCII only.
  return Buffer.byteLength(payload, 'utf8') === payload.length ? Buffer.from(payload, 'latin1') : payload;
}
