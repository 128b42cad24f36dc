// What pull and push share: the workspace, its mirror, the (counting) contract, the injected
// clock, randomness and id source, and the view of main's rate-limit window.
import type { ContractApi } from '../contract/contract-client.ts';
import {
  assertCallInput,
  resourceCallName,
  type CallInput,
  type CallOutput,
  type Priority,
  type ResourceVerb,
  type UnchangedPage,
} from '../../src-preload/contract/index.ts';
import type { RateWindowView } from './budget.ts';
import type { MirrorDb } from './mirror/db.ts';
import { linkRows } from './mirror/link-rows.ts';
import type { PageRows } from './listed-pages.ts';
import type { Clock, RandomSource, ResourceName } from './types.ts';

/** Pages of a listing a spent rate-limit window interrupted, kept (in memory) to go on from. */
export interface PartialListing {
  total: number;
  pages: number;
  /** Page n's rows at n - 1; holes are pages still to read. */
  results: PageRows[];
  /** Page n's text hash at n - 1 (listing-hash.ts), taken as it arrived. */
  hashes: string[];
  /** Page n at n - 1 when main found it as the mirror holds it (no rows in `results` then). */
  unchanged: (UnchangedPage | undefined)[];
  startedAt: number;
}

export interface SyncContext {
  workspaceId: string;
  db: MirrorDb;
  api: ContractApi;
  clock: Clock;
  random: RandomSource;
  newId: () => string;
  /** What main last reported of the rate-limit window; main's budget does the counting. */
  rateWindow: RateWindowView;
  /** Most list pages in flight at once (further limited by the room main reports). */
  pageConcurrency: number;
  /**
   * When the push last listed each resource instead of reading K rows one by one, and the update
   * ops (the backlog) it listed for: later pushes of that backlog (held back by the rate limit)
   * reuse the listing instead of listing again or reading each row.
   */
  freshListings?: Map<ResourceName, { at: number; opIds: Set<string> }>;
  /** Listings a spent rate-limit window cut short: the next listing of the resource goes on from them. */
  partialListings?: Map<ResourceName, PartialListing>;
}

/** What every service call of this context carries: its workspace, and how urgent it is for main's budget. */
export function inWorkspace(ctx: SyncContext, priority: Priority = 'interactive'): { workspaceId: string; priority: Priority } {
  return { workspaceId: ctx.workspaceId, priority };
}

/**
 * Calls `<resource>.<verb>`, typed by the contract's resource table. Main's budget lets interactive
 * calls (the outbox, a listing the user waits for) go first.
 */
export function callResource<R extends ResourceName, V extends ResourceVerb>(
  ctx: SyncContext,
  resource: R,
  verb: V,
  input: CallInput<`${R}.${V}`>,
): Promise<CallOutput<`${R}.${V}`>> {
  return ctx.api.call(resourceCallName(resource, verb), input);
}

/**
 * Calls `<resource>.<verb>` with an input built from stored data (an outbox op's fields): it goes
 * once it passes the call's schema, and is otherwise refused with the error main would answer.
 */
export async function callResourceChecked<R extends ResourceName, V extends ResourceVerb>(
  ctx: SyncContext,
  resource: R,
  verb: V,
  input: unknown,
): Promise<CallOutput<`${R}.${V}`>> {
  assertCallInput(resourceCallName(resource, verb), input);
  return callResource(ctx, resource, verb, input);
}

/** Client id → server id (null: not yet created) for the tables rows can reference. */
export type ServerIdLookup = (resource: ResourceName, clientId: string) => number | null | undefined;

/**
 * Domains and handlers (what rows reference) are loaded whole; they are few. Links, which can be
 * 100,000 rows, are loaded only for the given client ids (an outbox's rows).
 */
export async function loadServerIdLookup(db: MirrorDb, linkIds: readonly string[] = []): Promise<ServerIdLookup> {
  const maps = {} as Record<ResourceName, Map<string, number | null>>;
  for (const resource of ['domains', 'handlers'] as const) {
    const map = new Map<string, number | null>();
    await db[resource].each((row) => {
      map.set(row.clientId, row.serverId);
    });
    maps[resource] = map;
  }
  maps.links = new Map();
  const links = await linkRows(db).bulkGet([...new Set(linkIds)]);
  for (const row of links) if (row) maps.links.set(row.clientId, row.serverId);
  return (resource, clientId) => maps[resource].get(clientId);
}
