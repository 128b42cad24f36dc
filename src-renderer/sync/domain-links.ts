// Links that live on a custom domain. The service deletes a domain's links with it, so the user
// is told how many before deleting; a link refers to its domain by client id until the domain
// exists on the service, by server id after.
import type { MirrorDb } from './mirror/db.ts';
import { rowView } from './mirror/fields.ts';
import { linkRows } from './mirror/link-rows.ts';

export async function countLinksOnDomain(db: MirrorDb, domainClientId: string): Promise<number> {
  const domain = await db.domains.get(domainClientId);
  const serverId = domain?.serverId ?? null;
  let count = 0;
  for (const row of await linkRows(db).toArray()) {
    const ref = rowView('links', row).domain_id;
    if (ref === domainClientId || (serverId !== null && ref === serverId)) count++;
  }
  return count;
}
