// Finding the server row a create of unknown outcome may have produced: the link's alias and
// domain, the domain's host, or all of a handler's readable fields. Only rows no mirror row is
// mapped to are candidates.
import { readView, sameValue } from './mirror/fields.ts';
import type { Fields, ServerRow } from './mirror/rows.ts';
import { aliasKey } from '../../src-preload/contract/alias.ts';
import type { Domain, Link } from '../../src-preload/contract/index.ts';
import { wallClockText } from '../../src-preload/contract/wall-clock.ts';
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

/**
 * When a bulk create may have made its links. On the service's own clock when it can be: links
 * numbered above `afterId` (the highest the mirror knew at the send) were made after it. Else
 * (no complete listing before the send) by their `datetime`, from the send to the listing, with
 * room for clock skew.
 */
export interface BulkWindow {
  afterId?: number | null;
  from: number;
  to: number;
  /** The account's zone; the service's `datetime` is read as UTC or as that zone's wall clock. */
  timeZone: string;
}

/**
 * Slack on both ends of a bulk create's window: the service's clock and this computer's may
 * differ. Generous on purpose: a window too narrow sends the batch again (duplicates); one too
 * wide at worst maps a row to a link with the same destination made elsewhere meanwhile (both
 * stay visible), and the run of ids (reconcileBulk) keeps even that rare.
 */
export const BULK_WINDOW_SLACK_MS = 60 * 60_000;

/**
 * Which listed links a bulk create of unknown outcome made: for each destination (in the op's
 * order) an unmapped link on the batch's domain with that destination, created within the window,
 * each taken once; null where none is. Aliases cannot tell (the service picked them). The service
 * makes a batch's links one after the other, so the run of ids that fits the most lines is taken
 * first (a link to the same destination made elsewhere meanwhile is not in that run); lines the
 * run leaves take the lowest id left.
 */
export function reconcileBulk(created: Fields, urls: readonly string[], unmapped: readonly ServerRow[], window: BulkWindow): (number | null)[] {
  const domain = (created.domain_id as number | undefined) ?? 0;
  const byDestination = new Map<string, number[]>();
  for (const row of unmapped) {
    const link = row as Link;
    const afterSend = window.afterId === null || window.afterId === undefined ? createdWithin(link.datetime, window) : link.id > window.afterId;
    if (link.type !== 'link' || link.domain_id !== domain || !afterSend) continue;
    const key = destinationKey(link.location_url);
    byDestination.set(key, [...(byDestination.get(key) ?? []), link.id]);
  }
  for (const ids of byDestination.values()) ids.sort((a, b) => a - b);
  const options = urls.map((url) => byDestination.get(destinationKey(url)) ?? []);
  const votes = new Map<number, number>();
  options.forEach((ids, i) => {
    for (const id of ids) votes.set(id - i, (votes.get(id - i) ?? 0) + 1);
  });
  let start: number | null = null;
  for (const [candidate, count] of votes) {
    const best = start === null ? 0 : votes.get(start)!;
    if (count > best || (count === best && start !== null && candidate > start)) start = candidate;
  }
  const used = new Set<number>();
  const found: (number | null)[] = options.map((ids, i) => {
    const id = start === null ? undefined : ids.find((option) => option === start + i);
    if (id === undefined) return null;
    used.add(id);
    return id;
  });
  options.forEach((ids, i) => {
    if (found[i] !== null) return;
    const id = ids.find((option) => !used.has(option));
    if (id === undefined) return;
    used.add(id);
    found[i] = id;
  });
  return found;
}

/** A destination as the service may have stored it (trimmed; the URL parser's form when it parses). */
function destinationKey(url: string): string {
  const trimmed = url.trim();
  return URL.canParse(trimmed) ? new URL(trimmed).href : trimmed;
}

function createdWithin(datetime: unknown, window: BulkWindow): boolean {
  if (typeof datetime !== 'string') return false;
  const text = datetime.replace('T', ' ').slice(0, 19);
  for (const zone of new Set(['UTC', window.timeZone])) {
    if (wallClockText(window.from, zone) <= text && text <= wallClockText(window.to, zone)) return true;
  }
  return false;
}
