// What the link pages accept as a body: their own HTML forms only (password, consent), which are
// application/x-www-form-urlencoded and small. They are open to anyone who has the link, so any
// other body is refused before it is read, a long one as soon as it passes the limit, and the
// connection is closed after the answer rather than drained.
import type { FastifyError, FastifyInstance } from 'fastify';
import { LIMITS } from '../api/limits.ts';
import { closeWithoutReadingRest } from '../refuse-body.ts';
import { messagePage } from './pages.ts';

const REFUSALS: Record<number, [string, string]> = {
  413: ['Form too large', 'The form sent more than this page accepts.'],
  415: ['Form not accepted', 'This page accepts only its own form.'],
  503: ['Busy', 'Too many passwords are being checked right now. Try again in a moment.'],
};

/** Registers the body parser and error page of the link pages (in their own plugin scope). */
export function acceptPageFormsOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: LIMITS.formBytes }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const given = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const status = (given >= 400 && given < 500) || given === 503 ? given : 500;
    if (status === 500) process.stderr.write(`sandbox: internal error on ${request.method} ${request.url.split('?')[0]}: ${error.stack ?? error.message}\n`);
    const [title, text] =
      REFUSALS[status] ?? (status === 500 ? ['Error', 'Something went wrong in the sandbox.'] : ['Bad request', 'The request could not be read.']);
    closeWithoutReadingRest(request, reply);
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(messagePage(title, text));
  });
}
