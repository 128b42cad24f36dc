// Links whose domain is not in the workspace's Domains list, so their short URL cannot be built:
// real deployments return links on global domains (offered to every account, listed by none), and
// a domain deleted here leaves its links behind until the service deletes them with it.
import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorDb } from '../../sync/index.ts';
import { MAIN_DOMAIN, serverKey, type DomainKey, type LinkEntry, type LinkIndex } from './link-index.ts';

export type MissingDomain = 'not-listed' | 'deleted';

export const MISSING_DOMAIN_TEXT: Record<MissingDomain, { label: string; description: string }> = {
  'not-listed': {
    label: 'domain not in your list',
    description:
      "This link uses a domain the service offers to all accounts, which is not in this workspace's Domains list, so Linkdock cannot build its short URL. The link itself works.",
  },
  deleted: {
    label: 'domain deleted',
    description: 'Its domain was deleted in this workspace, so it has no short URL; the service deletes the domain’s links with it.',
  },
};

/** Null when the link's domain is the main one or in the list. `deletedKeys`: see useDeletedDomainKeys. */
export function missingDomainOf(index: LinkIndex, entry: Pick<LinkEntry, 'domainKey'>, deletedKeys: ReadonlySet<DomainKey>): MissingDomain | null {
  if (entry.domainKey === MAIN_DOMAIN || index.domainByKey.has(entry.domainKey)) return null;
  return deletedKeys.has(entry.domainKey) ? 'deleted' : 'not-listed';
}

const NONE: ReadonlySet<DomainKey> = new Set();

/** The keys (client id and `server:<id>`) of the domains deleted here and not yet gone from the mirror. */
export function useDeletedDomainKeys(db: MirrorDb): ReadonlySet<DomainKey> {
  return (
    useLiveQuery(async () => {
      const keys = new Set<DomainKey>();
      await db.domains.each((row) => {
        if (!row.deletedLocally) return;
        keys.add(row.clientId);
        if (row.serverId !== null) keys.add(serverKey(row.serverId));
      });
      return keys.size === 0 ? NONE : keys;
    }, [db]) ?? NONE
  );
}
