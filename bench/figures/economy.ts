// Figure 2: request economy with the sandbox at the real service's rate limit — a full pull of
// many links and a push of queued edits, counted on the wire against DESIGN.md's minimum, and
// the 429 answers seen (goal 0). Creates are counted by the outbox figure's sibling below.
import { measureRequestEconomy } from '../../test/support/request-economy.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const economyFigure: Figure = {
  id: 'economy',
  title: 'Request economy at 60 requests a minute',
  async run(context: BenchContext): Promise<FigureResult> {
    const links = context.quick ? 3_000 : 100_000;
    const edits = context.quick ? 20 : 200;
    const result = await measureRequestEconomy({ links, edits, rateLimit: 60, log: context.log });
    const pushTotal = Object.values(result.push).reduce((a, b) => a + b, 0);
    const minimumPush = result.expected.writes + result.expected.readsOrPull;
    return {
      id: 'economy',
      title: this.title,
      method:
        `${links.toLocaleString('en')} links seeded, then a sandbox at --rate-limit 60; the engine (Node, fake-indexeddb mirror) pulls everything, ` +
        `${edits} edits are queued and pushed. Requests counted on the wire by a proxy in front of the sandbox.`,
      values: {
        'link list requests (first pull)': result.lists.links,
        'minimum link list requests': result.expected.linkLists,
        'domain / handler list requests': `${result.lists.domains} / ${result.lists.handlers}`,
        'push: writes': result.push.update + result.push.create + result.push.delete,
        'push: reads': result.push.get,
        'push: list requests': result.push.list,
        'push: requests in all': pushTotal,
        'push: minimum (K writes + min(K reads, one pull))': minimumPush,
        '429 answers': result.tooManyRequests,
        'seconds': round(result.seconds),
        'every edit applied, every link mirrored': result.complete ? 'yes' : 'no',
      },
      goal: { text: '0 answers 429; pull and push at their minimum', met: result.tooManyRequests === 0 && result.complete && pushTotal <= minimumPush && result.lists.links <= result.expected.linkLists },
    };
  },
};
