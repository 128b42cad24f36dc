// Success responses as real deployments send them.
import type { FastifyReply } from 'fastify';

export const created = (reply: FastifyReply, data: { id: number } | { ids: number[] }) => reply.code(201).send({ data });
export const updated = (reply: FastifyReply, id: number) => reply.code(200).send({ data: { id } });
/** Delete: 200, an empty body, a JSON content-type. */
export const deleted = (reply: FastifyReply) => reply.code(200).type('application/json').send('');
