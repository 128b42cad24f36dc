// Figure 2: request economy with the sandbox at the real service's rate limit — (a) a full pull
// of many links, (b) a push of queued edits and (c) a push of queued creates, counted on the wire
// against DESIGN.md's minimum, and the 429 answers seen (goal 0).
import { measureRequestEconomy } from '../../test/support/request-economy.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const economyFigure: Figure = {
  id: 'economy',
  countsOnly: true,
  title: 'Request economy at 60 requests a minute',
  async run(context: BenchContext): Promise<FigureResult> {
    const links = context.quick ? 3_000 : 100_000;
    const edits = context.quick ? 20 : 200;
    const creates = context.quick ? 10 : 200;
    const result = await measureRequestEconomy({ links, edits, creates, rateLimit: 60, log: context.log });
    const pushTotal = Object.values(result.push).reduce((a, b) => a + b, 0);
    const createTotal = Object.values(result.creates).reduce((a, b) => a + b, 0);
    const minimumPush = result.expected.writes + result.expected.readsOrPull;
    return {
      id: 'economy',
      title: this.title,
      method:
        `${links.toLocaleString('en')} links seeded, then a sandbox at --rate-limit 60; the engine (Node, fake-indexeddb mirror, real main-process ` +
        `service client) left to its own scheduling: (a) its start pull of everything, (b) ${edits} link edits queued and pushed, (c) ${creates} links ` +
        `created offline (client aliases) and pushed. Requests counted on the wire, by kind and status, by an undici interceptor.`,
      values: {
        'link list requests (first pull)': result.lists.links,
        'minimum link list requests': result.expected.linkLists,
        'domain / handler list requests': `${result.lists.domains} / ${result.lists.handlers}`,
        'push: writes': result.push.update + result.push.create + result.push.delete,
        'push: reads': result.push.get,
        'push: list requests': result.push.list,
        'push: requests in all': pushTotal,
        'push: minimum (K writes + min(K reads, one pull))': minimumPush,
        'creates: requests in all': createTotal,
        'creates: minimum (C writes)': result.expected.creates,
        '429 answers': result.tooManyRequests,
        seconds: round(result.seconds),
        'every edit and create applied once, every link mirrored': result.complete ? 'yes' : 'no',
      },
      goal: {
        text: '0 answers 429; pull, push and creates at their minimum',
        met:
          result.tooManyRequests === 0 &&
          result.complete &&
          pushTotal <= minimumPush &&
          createTotal <= result.expected.creates &&
          result.lists.links <= result.expected.linkLists,
      },
    };
  },
};
