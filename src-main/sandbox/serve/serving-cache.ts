// Redirects read the same few rows over and over. This keeps the domain of each host and the
// link of each (domain, alias) in memory until anything is written to the database, so a
// redirect usually costs no query at all. Any write clears it: stale rows are never served.
import { writeGeneration } from '../storage/db.ts';
import type { DomainRecord } from '../storage/domains.ts';
import type { LinkRecord } from '../storage/links.ts';
import type { Store } from '../storage/store.ts';

const MAX_ENTRIES = 10_000;

export function createServingCache(store: Store) {
  let generation = -1;
  const domains = new Map<string, DomainRecord | null>();
  const links = new Map<string, LinkRecord | null>();

  const fresh = (): void => {
    const now = writeGeneration(store.db);
    if (now !== generation || domains.size + links.size > MAX_ENTRIES) {
      domains.clear();
      links.clear();
      generation = now;
    }
  };

  return {
    domainByHost(host: string): DomainRecord | undefined {
      fresh();
      let found = domains.get(host);
      if (found === undefined) domains.set(host, (found = store.domains.findByHost(host) ?? null));
      return found ?? undefined;
    },
    linkByAlias(domainId: number, alias: string): LinkRecord | undefined {
      fresh();
      const key = `${domainId}\n${alias}`;
      let found = links.get(key);
      if (found === undefined) links.set(key, (found = store.links.findByAlias(domainId, alias) ?? null));
      return found ?? undefined;
    },
  };
}
