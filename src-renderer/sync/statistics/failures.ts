// What a failed statistics request means for the queue, in the outbox's own terms
// (outbox/classify.ts, a read): the service has no statistics, the connection is gone, the window
// is spent, the link is gone on the service, or this one answer is skipped for a while.
import { classify, describeError } from '../outbox/classify.ts';

export type FailureEffect =
  | { type: 'not-available'; message: string }
  | { type: 'offline'; message: string }
  | { type: 'rate-limited'; resetAt: number; message: string }
  | { type: 'link-gone'; message: string }
  | { type: 'skip'; forMs: number; message: string };

const MINUTE = 60_000;

export function describeFailure(error: unknown): FailureEffect {
  const outcome = classify('update', 'read', error);
  const message = describeError(error).message;
  switch (outcome.type) {
    case 'not-available':
      return { type: 'not-available', message: 'Statistics are not available on this service.' };
    case 'retry':
      if (outcome.offline) return { type: 'offline', message: `The service cannot be reached (${message}); showing what is cached.` };
      if (outcome.resetAt !== undefined) return { type: 'rate-limited', resetAt: outcome.resetAt, message };
      return { type: 'skip', forMs: MINUTE, message: `The service could not answer (${message}); trying again in a minute.` };
    case 'conflict-deleted':
      return { type: 'link-gone', message: 'The service no longer has this link: its statistics cannot be fetched.' };
    case 'pause':
      return { type: 'skip', forMs: 5 * MINUTE, message };
    case 'failed':
      return { type: 'skip', forMs: 60 * MINUTE, message: `The service refused the statistics request: ${message}` };
    default:
      // unknown and done belong to writes; a read never ends in them.
      return { type: 'skip', forMs: MINUTE, message };
  }
}
