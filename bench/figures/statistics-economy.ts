// Requests spent on statistics by a 100,000-link workspace in its first hour (and its second), on
// simulated time: the real statistics scheduler and mirror, main's budget as the in-memory service
// keeps it, and the 60-a-minute window shared with sync as the engine spends it.
import { measureStatisticsEconomy } from '../../test/support/statistics-economy.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const statisticsEconomyFigure: Figure = {
  id: 'statistics',
  countsOnly: true,
  title: 'Statistics requests of a large workspace in its first hour',
  async run(context: BenchContext): Promise<FigureResult> {
    const links = context.links;
    const pinned = 5;
    const r = await measureStatisticsEconomy({ links, pinned, hours: 2, log: context.log });
    return {
      id: 'statistics',
      title: this.title,
      method:
        `${links.toLocaleString('en')} links (30% clicked, a few many times) mirrored by the real links pull (fake-indexeddb), ${pinned} pinned; ` +
        'the real statistics scheduler over two simulated hours against the in-memory service standing in for main (its budget refuses what a window has no room for). ' +
        `The window of 60 a minute is shared with sync as the engine spends it: a full listing every 5 minutes (${Math.ceil(links / 1000) + 2} list requests, ` +
        'a sync cycle during which statistics wait), the 20 most-clicked links clicked again after each. A user opens a link’s analytics (30 days) at minute 30.',
      values: {
        'statistics requests, first hour (background)': r.perHour[0]!.background,
        'statistics requests, first hour (the link opened on screen)': r.perHour[0]!.interactive,
        'statistics requests, second hour': r.perHour[1]!.background + r.perHour[1]!.interactive,
        'most background statistics requests in a minute': r.peakPerMinute.background,
        'most requests in one window, sync included (limit 60)': r.peakWindow,
        'requests refused for the rate limit': r.refusals,
        'sync list requests in the hour (modelled)': r.syncPerHour,
        'links with a year of days cached after 1 h': r.cachedAfterFirstHour.overviews,
        'links with every 30-day breakdown cached after 1 h': r.cachedAfterFirstHour.breakdowns,
        'link opened at minute 30: complete after (simulated s, 5 s steps)': r.onScreen.seconds,
        'link opened at minute 30: requests': r.onScreen.requests,
      },
      goal: {
        text: 'never more than the budget allows: 0 refusals, no window over 60, background statistics at most 6 a minute',
        met: r.refusals === 0 && r.peakWindow <= 60 && r.peakPerMinute.background <= 6,
      },
      notes:
        'Cached after the first hour: a year of days for pinned links and, as far as the hour went, the 50 most-clicked ones (and the link opened); the 30-day breakdowns of pinned links and the ten most-clicked. ' +
        `Nothing else is fetched in the background: 14 types × ${links.toLocaleString('en')} links would take ${round((14 * links) / 60 / 60 / 24, 1)} days at the full 60 a minute.` +
        (r.onScreen.seconds > 5
          ? ' The link opened at minute 30 met a full listing holding the window (only the interactive reserve was left), so it completed in the next window.'
          : ''),
    };
  },
};
