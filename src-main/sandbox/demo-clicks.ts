// The demo links' click histories: events over each link's lifetime (at most the last 100 days)
// with varied visitors, referrers, places, browsers, systems, devices, languages, UTM tags and a
// daily rhythm, so every statistics type has something to show. Seeded like the rest of the demo.
import type { ClickEvent } from './storage/clicks.ts';
import { formatServiceDatetime } from './time.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN'];
const DEVICES = ['desktop', 'mobile', 'mobile', 'tablet'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge'];
const SYSTEMS = ['Windows', 'macOS', 'iOS', 'Android', 'Linux'];

const PLACES: Record<string, { continent: string; cities: string[]; language: string }> = {
  US: { continent: 'NA', cities: ['New York', 'San Francisco', 'Chicago', 'Austin'], language: 'en' },
  DE: { continent: 'EU', cities: ['Berlin', 'Hamburg', 'Munich', 'Cologne'], language: 'de' },
  FR: { continent: 'EU', cities: ['Paris', 'Lyon', 'Marseille'], language: 'fr' },
  GB: { continent: 'EU', cities: ['London', 'Manchester', 'Edinburgh'], language: 'en' },
  JP: { continent: 'AS', cities: ['Tokyo', 'Osaka', 'Kyoto'], language: 'ja' },
  BR: { continent: 'SA', cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte'], language: 'pt' },
  IN: { continent: 'AS', cities: ['Mumbai', 'Bengaluru', 'Delhi'], language: 'hi' },
};

/** Where visitors come from: [host, path] or null for none (typed in, an app, a mail client), by weight. */
const REFERRERS: [[string, string] | null, number][] = [
  [null, 35],
  [['www.google.com', '/'], 20],
  [['t.co', '/'], 10],
  [['www.facebook.com', '/'], 8],
  [['www.linkedin.com', '/feed/'], 7],
  [['news.ycombinator.com', '/item'], 5],
  [['www.reddit.com', '/r/webdev/comments/demo'], 5],
  [['duckduckgo.com', '/'], 4],
  [['mail.example.com', '/inbox'], 6],
];

/** UTM tags on the short URL visitors clicked: [source, medium, campaign] or none, by weight. */
const UTM: [[string, string, string] | null, number][] = [
  [null, 70],
  [['newsletter', 'email', 'spring-launch'], 10],
  [['twitter', 'social', 'spring-launch'], 7],
  [['linkedin', 'social', 'webinar'], 5],
  [['google', 'cpc', 'brand'], 8],
];

/** Clicks by hour of the day (UTC): few at night, most in the working day and the evening. */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 9, 9, 8, 8, 8, 9, 10, 10, 8, 6, 4, 2];

function weighted<T>(entries: readonly [T, number][], r: number): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let point = r * total;
  for (const [value, weight] of entries) {
    point -= weight;
    if (point < 0) return value;
  }
  return (entries[entries.length - 1] as [T, number])[0];
}

const HOURS = HOUR_WEIGHTS.map((weight, hour) => [hour, weight] as [number, number]);

export interface DemoClicksArgs {
  linkId: number;
  count: number;
  /** Days ago the link was made: its clicks fall between then and now. */
  createdDaysAgo: number;
  now: Date;
  /**
   * The demo's main generator: five draws per click (time, country, device, browser, OS), as the
   * demo has always drawn them, so the links made after this one stay the same across versions.
   */
  random: () => number;
  /** A generator of its own for everything else a click carries. */
  extra: () => number;
}

export function demoClicks(args: DemoClicksArgs): ClickEvent[] {
  const { random, extra, now } = args;
  const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length)] as T;
  const createdAt = now.getTime() - args.createdDaysAgo * DAY_MS;
  // About two clicks per visitor, so visitors read lower than pageviews.
  const visitors = Math.max(1, Math.ceil(args.count / 2));
  const events: ClickEvent[] = [];
  for (let c = 0; c < args.count; c += 1) {
    const drawn = now.getTime() - random() * args.createdDaysAgo * DAY_MS;
    const country = pick(COUNTRIES, random());
    const device = pick(DEVICES, random());
    const browser = pick(BROWSERS, random());
    const os = pick(SYSTEMS, random());
    const place = PLACES[country] as (typeof PLACES)[string];
    // The same day, at an hour of the daily rhythm, unless that is in the future or before the link.
    const hour = weighted(HOURS, extra());
    const rhythmic = Math.floor(drawn / DAY_MS) * DAY_MS + hour * HOUR_MS + Math.floor(extra() * HOUR_MS);
    const time = rhythmic <= now.getTime() && rhythmic >= createdAt ? rhythmic : drawn;
    const referrer = weighted(REFERRERS, extra());
    const utm = weighted(UTM, extra());
    events.push({
      link_id: args.linkId,
      datetime: formatServiceDatetime(new Date(time)),
      visitor_hash: `demo-${args.linkId}-${Math.floor(extra() * visitors)}`,
      continent_code: place.continent,
      country_code: country,
      city_name: pick(place.cities, extra()),
      device_type: device,
      browser_name: browser,
      os_name: os,
      browser_language: extra() < 0.8 ? place.language : 'en',
      referrer_host: referrer?.[0] ?? null,
      referrer_path: referrer?.[1] ?? null,
      utm_source: utm?.[0] ?? null,
      utm_medium: utm?.[1] ?? null,
      utm_campaign: utm?.[2] ?? null,
    });
  }
  return events;
}
