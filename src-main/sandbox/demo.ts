// Realistic sample data for the first account (--demo): two custom domains, three handlers and a
// few hundred links with click histories (demo-clicks.ts). Seeded, so every run makes the same data.
// A few links use a global domain (GLOBAL_DOMAIN): as on real deployments, it is the operator's,
// offered to every account, so the links name its id but GET /api/domains does not list it.
import { applyLinkDraft, blankLink } from './api/link-apply.ts';
import { demoClicks } from './demo-clicks.ts';
import { run } from './storage/db.ts';
import type { Store } from './storage/store.ts';
import { formatServiceDatetime } from './time.ts';

const DOMAINS = ['go.example.com', 'links.example.org'];
export const GLOBAL_DOMAIN = 'lnkd.example.net';
/** The account holding the global domains; no API key hashes to this, so nobody can sign in as it. */
const OPERATOR_KEY_HASH = 'operator (global domains)';
const SITES = [
  'https://www.example.com/blog/',
  'https://shop.example.com/products/',
  'https://docs.example.org/guide/',
  'https://news.example.net/articles/',
  'https://events.example.com/2026/',
];
const WORDS = ['spring', 'launch', 'offer', 'guide', 'webinar', 'release', 'survey', 'promo', 'report', 'signup', 'update', 'team'];
const LINK_COUNT = 300;

/** mulberry32: a small seeded generator, enough for sample data (the tests' fault draws use it too). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fillDemoData(store: Store, accountId: number, now: Date): void {
  if (store.links.countForAccount(accountId) > 0 || store.domains.countForAccount(accountId) > 0) return;
  const random = seededRandom(20260101);
  const extra = seededRandom(20260413);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const at = (daysAgo: number) => formatServiceDatetime(new Date(now.getTime() - daysAgo * 86_400_000));

  store.transaction(() => {
    const domainIds = DOMAINS.filter((host) => !store.domains.findByHost(host)).map((host, index) =>
      store.domains.insert({
        account_id: accountId,
        scheme: 'https://',
        host,
        custom_index_url: index === 0 ? 'https://www.example.com/' : '',
        custom_not_found_url: '',
        is_enabled: true,
        last_datetime: null,
        datetime: at(120 - index),
      }),
    );
    const globalId = store.domains.findByHost(GLOBAL_DOMAIN)?.id ?? insertGlobalDomain(store, at(200));
    const handlers: { type: 'email' | 'webhook' | 'slack'; name: string; settings: Record<string, string> }[] = [
      { type: 'email' as const, name: 'Marketing inbox', settings: { email: 'marketing@example.com' } },
      { type: 'webhook' as const, name: 'Analytics webhook', settings: { webhook: 'https://hooks.example.com/clicks' } },
      { type: 'slack' as const, name: 'Team channel', settings: { slack: 'https://hooks.slack.example.com/services/T000/B000/XXXX' } },
    ];
    const handlerIds = handlers.map((handler, index) =>
      store.handlers.insert({ account_id: accountId, ...handler, is_enabled: true, last_datetime: null, datetime: at(110 - index) }),
    );

    for (let i = 0; i < LINK_COUNT; i += 1) {
      const created = 100 - Math.floor((i / LINK_COUNT) * 100);
      // Every 50th link, the newest among them, on the global domain: the Links list shows one at the top.
      const domainId = i % 50 === 49 ? globalId : i % 3 === 2 ? 0 : (domainIds[i % 3] ?? 0);
      const alias = `${pick(WORDS)}-${i + 1}`;
      const base = blankLink(accountId, at(created));
      const link = applyLinkDraft(base, {
        input: {
          location_url: `${pick(SITES)}${pick(WORDS)}-${i + 1}`,
          url: alias,
          domain_id: domainId,
          ...(i % 10 === 0 ? { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: pick(WORDS) } : {}),
          ...(i % 25 === 0 ? { sensitive_content: true } : {}),
          ...(i % 7 === 0 && handlerIds.length > 0 ? { email_reports: [pick(handlerIds)] } : {}),
        },
        clears: new Set(),
      });
      const id = store.links.insert(link);
      // Clicks: most links get a few, some get many; each click is an event with its time. One
      // multi-row insert per 64 clicks and one count update per link keep the first start quick.
      const clicks = Math.floor(random() ** 3 * 400);
      store.clicks.recordMany(demoClicks({ linkId: id, count: clicks, createdDaysAgo: created, now, random, extra }));
      if (clicks > 0) store.links.incrementClicks(id, clicks);
    }
  });
}

function insertGlobalDomain(store: Store, datetime: string): number {
  const operator = run(store.db, 'INSERT INTO accounts (key_hash, datetime) VALUES (?, ?)', OPERATOR_KEY_HASH, datetime).id;
  return store.domains.insert({
    account_id: operator,
    scheme: 'https://',
    host: GLOBAL_DOMAIN,
    custom_index_url: '',
    custom_not_found_url: '',
    is_enabled: true,
    last_datetime: null,
    datetime,
    is_global: true,
  });
}
