// Finding the server row a create of unknown outcome may have produced: the link's alias and
// domain, the domain's host, or all of a handler's readable fields. Only rows no mirror row is
// mapped to are candidates.
import { readView, sameValue } from './mirror/fields.ts';
import type { Fields, ServerRow } from './mirror/rows.ts';
import { aliasKey } from '../../src-preload/contract/alias.ts';
import type { Domain, Link } from '../../src-preload/contract/index.ts';
import type { ResourceName } from './types.ts';

export type Reconciliation = { type: 'adopt'; serverId: number } | { type: 'resend' } | { type: 'ask'; candidates: number[] };

/** `created` is the create input in server-id space. */
export function matchesCreate(resource: ResourceName, created: Fields, row: ServerRow): boolean {
  switch (resource) {
    case 'links': {
      const link = row as Link;
      // The service folds case and Unicode forms when it compares aliases: so does this.
      return (
        link.type === 'link' &&
        typeof created.url === 'string' &&
        aliasKey(link.url) === aliasKey(created.url) &&
        link.domain_id === ((created.domain_id as number | undefined) ?? 0)
      );
    }
    case 'domains':
      return (
        (row as Domain).host.toLowerCase() ===
        String(created.host ?? '')
          .trim()
          .toLowerCase()
      );
    case 'handlers': {
      const view = readView('handlers', row);
      // Every field the service shows must agree; fields it hides cannot disqualify a row.
      return (
        Object.entries(created).every(([field, value]) => {
          if (value === undefined || !Object.hasOwn(view, field)) return true;
          return sameValue(typeof value === 'string' && field === 'name' ? value.trim() : value, view[field]);
        }) && view.type === created.type
      );
    }
  }
}

export function reconcile(resource: ResourceName, created: Fields, unmapped: readonly ServerRow[]): Reconciliation {
  const candidates = unmapped.filter((row) => matchesCreate(resource, created, row)).map((row) => row.id);
  if (candidates.length === 1) return { type: 'adopt', serverId: candidates[0]! };
  if (candidates.length === 0) return { type: 'resend' };
  return { type: 'ask', candidates };
}
