// What happens in a chaos run besides the engine's own work, drawn from the seed by fast-check:
// the user's edits over links, domains and handlers (with references between them), offline
// spells, window restarts, waits, syncs on demand, the machine's clock jumping, and a second
// writer changing and deleting the same rows on the service directly. The model rows record what
// the user (and the other writer) did: the truth the checks hold the service to.
import fc from 'fast-check';
import type { ServiceClient } from '../../src-main/service/client.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import type { ResourceName } from '../../src-renderer/sync/types.ts';
import { rowStore } from '../../src-renderer/sync/mirror/link-rows.ts';

export type Action =
  | { type: 'create'; resource: ResourceName; domainPick: number | null; handlerPicks: number[] }
  /** Many links at once in the service's bulk mode (one op, aliases from the service). */
  | { type: 'bulk-create'; size: number; domainPick: number | null }
  | { type: 'update'; resource: ResourceName; pick: number; variant: number }
  | { type: 'delete'; resource: ResourceName; pick: number }
  /** The user changes their mind: the fields of their last update go back to what they were. */
  | { type: 'undo' }
  | { type: 'offline'; actions: number }
  | { type: 'restart' }
  /** Virtual seconds. */
  | { type: 'wait'; seconds: number }
  | { type: 'sync' }
  /** Someone else (the service's web UI, another device) changes or deletes a row on the service directly. */
  | { type: 'second-writer'; resource: ResourceName; pick: number; variant: number }
  /** The machine's clock jumps (negative: back). */
  | { type: 'clock'; minutes: number };

const resourceArb = fc.constantFrom<ResourceName>('links', 'links', 'links', 'domains', 'handlers');
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      type: fc.constant('create' as const),
      resource: resourceArb,
      domainPick: fc.option(fc.nat(), { nil: null }),
      handlerPicks: fc.array(fc.nat(), { maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('bulk-create' as const), size: fc.integer({ min: 1, max: 4 }), domainPick: fc.option(fc.nat(), { nil: null }) }),
  },
  { weight: 35, arbitrary: fc.record({ type: fc.constant('update' as const), resource: resourceArb, pick: fc.nat(), variant: fc.nat(5) }) },
  {
    weight: 10,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      resource: fc.constantFrom<ResourceName>('links', 'links', 'links', 'links', 'domains', 'handlers'),
      pick: fc.nat(),
    }),
  },
  { weight: 8, arbitrary: fc.constant({ type: 'undo' as const }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('offline' as const), actions: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 2, arbitrary: fc.constant({ type: 'restart' as const }) },
  { weight: 12, arbitrary: fc.record({ type: fc.constant('wait' as const), seconds: fc.integer({ min: 0, max: 15 }) }) },
  { weight: 4, arbitrary: fc.constant({ type: 'sync' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('second-writer' as const),
      resource: fc.constantFrom<ResourceName>('links', 'links', 'links', 'domains', 'handlers'),
      pick: fc.nat(),
      variant: fc.nat(5),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('clock' as const), minutes: fc.constantFrom(-180, -30, -5, 5, 30, 180, 1440) }) },
);

export type EditAction = Extract<Action, { type: 'create' | 'bulk-create' | 'update' | 'delete' | 'undo' }>;
export const isEdit = (a: Action): a is EditAction =>
  a.type === 'create' || a.type === 'bulk-create' || a.type === 'update' || a.type === 'delete' || a.type === 'undo';

/** Exactly `ops` edits, with offline spells, restarts, waits, syncs, clock jumps and the other writer between them. */
export function drawActions(seed: number, ops: number): Action[] {
  const [actions] = fc.sample(fc.array(actionArb, { minLength: Math.ceil(ops * 1.5), maxLength: Math.ceil(ops * 1.5) }), { seed, numRuns: 1 });
  const out: Action[] = [];
  let edits = 0;
  const source = actions!;
  for (let i = 0; edits < ops; i++) {
    const action = source[i % source.length]!;
    // Past the drawn list, the draws repeat with shifted picks: still exactly `ops` edits.
    const shifted = i < source.length ? action : shift(action, Math.floor(i / source.length));
    out.push(shifted);
    if (isEdit(shifted)) edits++;
  }
  return out;
}

function shift(action: Action, by: number): Action {
  if (action.type === 'update' || action.type === 'delete' || action.type === 'second-writer') return { ...action, pick: action.pick + by };
  return action;
}

/** One value set on a field, by the user or the other writer. */
export interface Contest {
  by: 'user' | 'writer';
  value: unknown;
}

/** What the user did to one row they created: the truth the server must end up with. */
export interface ModelRow {
  resource: ResourceName;
  clientId: string;
  /** Identifies the create on the server (link: destination path; domain: host; handler: name). */
  marker: string;
  deleted: boolean;
  /** Readable fields as the user last set them. */
  fields: Record<string, unknown>;
  domain: string | null;
  /** Every handler the user ever named for this link's reports. */
  handlers: string[];
  /** Fields only the second writer sets (the user never touches them here): they must survive as set. */
  theirs: Record<string, unknown>;
  /** Every value each side set on each field, in order; a field the writer set too is contested. */
  history: Map<string, Contest[]>;
  /** The second writer deleted the row (or its domain) on the service. */
  deletedElsewhere: boolean;
}

/** Whether the other writer set this field too. */
export const contested = (row: ModelRow | undefined, field: string): boolean => row?.history.get(field)?.some((entry) => entry.by === 'writer') ?? false;

/** The history a created row starts with: the user set every field it was created with. */
const created = (fields: Record<string, unknown>) =>
  new Map(Object.entries(fields).map(([field, value]): [string, Contest[]] => [field, [{ by: 'user', value }]]));

/**
 * What the model edits through: the engine's edit calls (a WorkspaceSync in Node; in the browser
 * run, a stand-in that makes the same calls in the page).
 */
export type EditTarget = Pick<WorkspaceSync, 'links' | 'domains' | 'handlers' | 'createBulkLinks'>;

/** A row's server id as the user's mirror knows it (undefined: no such row). */
export type ServerIdOf = (resource: ResourceName, clientId: string) => Promise<number | null | undefined>;

/** ServerIdOf over a WorkspaceSync's own mirror. */
export const mirrorServerIdOf =
  (ws: WorkspaceSync): ServerIdOf =>
  async (resource, clientId) =>
    (await rowStore(ws.db, resource).get(clientId))?.serverId;

export class ChaosModel {
  readonly rows: ModelRow[] = [];
  readonly #tag: string;
  #counter = 0;
  /** The user's last update and the values it replaced (what an undo puts back). */
  #lastUpdate: { row: ModelRow; before: Record<string, unknown> } | null = null;

  constructor(seed: number) {
    this.#tag = `s${seed}`;
  }

  /** Rows the user can still edit: not deleted by anyone, nor their domain. */
  live(resource: ResourceName): ModelRow[] {
    return this.rows.filter((m) => m.resource === resource && !m.deleted && !m.deletedElsewhere && !this.domainGone(m));
  }

  domainGone(m: ModelRow): boolean {
    const domain = m.domain === null ? undefined : this.rows.find((d) => d.clientId === m.domain);
    return domain !== undefined && (domain.deleted || domain.deletedElsewhere);
  }

  /** One user edit through the engine's API; throws the engine's EditError when refused. */
  async edit(ws: EditTarget, action: EditAction): Promise<string> {
    switch (action.type) {
      case 'create':
        return this.#create(ws, action);
      case 'bulk-create':
        return this.#bulkCreate(ws, action);
      case 'update': {
        const row = pickOf(this.live(action.resource), action.pick);
        if (!row) return 'nothing to update';
        const patch = updatePatch(row, action.variant, ++this.#counter, this.live('handlers'));
        const before = Object.fromEntries(Object.keys(patch).map((field) => [field, row.fields[field]]));
        await this.#update(ws, row, patch);
        this.#lastUpdate = { row, before };
        return `${row.marker} ${Object.keys(patch).join(',')}`;
      }
      case 'undo': {
        const last = this.#lastUpdate;
        this.#lastUpdate = null;
        // Report handlers merge as sets: putting the old list back is no undo there.
        const patch = Object.fromEntries(Object.entries(last?.before ?? {}).filter(([field, value]) => field !== 'email_reports' && value !== undefined));
        if (!last || !this.live(last.row.resource).includes(last.row) || Object.keys(patch).length === 0) return 'nothing to undo';
        await this.#update(ws, last.row, patch);
        return `${last.row.marker} ${Object.keys(patch).join(',')}`;
      }
      case 'delete': {
        const row = pickOf(this.live(action.resource), action.pick);
        if (!row) return 'nothing to delete';
        await ws[action.resource].delete(row.clientId);
        row.deleted = true;
        return row.marker;
      }
    }
  }

  async #update(ws: EditTarget, row: ModelRow, patch: Record<string, unknown>): Promise<void> {
    await ws[row.resource].update(row.clientId, patch as never);
    for (const [field, value] of Object.entries(patch)) {
      if (field === 'email_reports') row.handlers = [...new Set([...row.handlers, ...(value as string[])])];
      else row.fields[field] = value;
      row.history.set(field, [...(row.history.get(field) ?? []), { by: 'user', value }]);
    }
  }

  /** Links without aliases in one bulk create: the service picks the aliases, so the model has none. */
  async #bulkCreate(ws: EditTarget, action: Extract<Action, { type: 'bulk-create' }>): Promise<string> {
    const domain = action.domainPick === null ? undefined : pickOf(this.live('domains'), action.domainPick);
    const numbers = Array.from({ length: action.size }, () => ++this.#counter);
    const urls = numbers.map((n) => `https://dest.example/${this.#tag}/${n}?v=0`);
    const { rowIds } = await ws.createBulkLinks(urls, domain ? { domain_id: domain.clientId } : {});
    for (const [i, clientId] of rowIds.entries()) {
      const fields = { location_url: urls[i], sensitive_content: false };
      const marker = `/${this.#tag}/${numbers[i]}`;
      this.rows.push({
        resource: 'links',
        clientId,
        marker,
        theirs: {},
        deletedElsewhere: false,
        deleted: false,
        handlers: [],
        domain: domain?.clientId ?? null,
        fields,
        history: created(fields),
      });
    }
    return numbers.map((n) => `/${this.#tag}/${n}`).join(' ');
  }

  async #create(ws: EditTarget, action: Extract<Action, { type: 'create' }>): Promise<string> {
    const n = ++this.#counter;
    const tag = this.#tag;
    const untouched = { theirs: {}, deletedElsewhere: false, deleted: false, handlers: [] as string[], domain: null };
    if (action.resource === 'links') {
      const domain = action.domainPick === null ? undefined : pickOf(this.live('domains'), action.domainPick);
      const handlers = [...new Set(action.handlerPicks.map((p) => pickOf(this.live('handlers'), p)).filter((h) => h !== undefined))];
      const input = {
        location_url: `https://dest.example/${tag}/${n}?v=0`,
        url: `${tag}x${n}`,
        ...(domain ? { domain_id: domain.clientId } : {}),
        ...(handlers.length ? { email_reports: handlers.map((h) => h.clientId) } : {}),
      };
      const clientId = await ws.links.create(input);
      const fields = { location_url: input.location_url, url: input.url, sensitive_content: false };
      this.rows.push({
        ...untouched,
        resource: 'links',
        clientId,
        marker: `/${tag}/${n}`,
        domain: domain?.clientId ?? null,
        handlers: handlers.map((h) => h.clientId),
        fields,
        history: created(fields),
      });
      return `/${tag}/${n}`;
    }
    if (action.resource === 'domains') {
      const host = `d${n}-${tag}.chaos.example`;
      const clientId = await ws.domains.create({ host });
      const fields = { host, is_enabled: true };
      this.rows.push({ ...untouched, resource: 'domains', clientId, marker: host, fields, history: created(fields) });
      return host;
    }
    const name = `h${tag}-${n}`;
    const clientId = await ws.handlers.create({ name, type: 'email', email: `h${n}@chaos.example` });
    const fields = { name, email: `h${n}@chaos.example`, is_enabled: true };
    this.rows.push({ ...untouched, resource: 'handlers', clientId, marker: name, fields, history: created(fields) });
    return name;
  }

  /**
   * The second writer, straight to the sandbox (no proxy, no faults). Links: fields the user
   * never touches here (UTM campaign, clicks limit, enabled), the destination the user edits too,
   * or a delete; its update carries the link's reports as the service holds them, as a careful
   * client does. Domains and handlers: a field the user edits too, or a delete (a domain's links
   * go with it). Returns what it did, or null when it found nothing to change.
   */
  async writeElsewhere(serverIdOf: ServerIdOf, direct: ServiceClient, action: Extract<Action, { type: 'second-writer' }>): Promise<string | null> {
    const row = pickOf(this.live(action.resource), action.pick);
    const serverId = row ? await serverIdOf(action.resource, row.clientId) : null;
    if (!row || serverId === null || serverId === undefined) return null;
    const v = ++this.#counter;
    const contest = (field: string, value: unknown) => row.history.set(field, [...(row.history.get(field) ?? []), { by: 'writer', value }]);
    try {
      if (action.variant === 0) {
        await direct.resource(action.resource).delete(serverId);
        row.deletedElsewhere = true;
        // The service deletes a domain's links with it.
        if (action.resource === 'domains') for (const link of this.rows) if (link.domain === row.clientId) link.deletedElsewhere = true;
        return `${row.marker} deleted`;
      }
      if (action.resource === 'links') {
        const current = await direct.resource('links').get(serverId);
        const patch: Record<string, unknown> =
          action.variant === 1
            ? { utm_campaign: `w${v}` }
            : action.variant === 2
              ? { clicks_limit: 1000 + v }
              : action.variant === 3
                ? { is_enabled: v % 2 === 0 }
                : { location_url: `https://dest.example${row.marker}?w=${v}` };
        await direct.resource('links').update(serverId, { ...patch, email_reports: current.email_reports ?? [] });
        for (const [field, value] of Object.entries(patch)) {
          if (field === 'location_url') contest(field, value);
          else row.theirs[field] = value;
        }
        return `${row.marker} ${Object.keys(patch).join(',')}`;
      }
      const [field, value] =
        action.variant <= 2
          ? ['is_enabled', v % 2 === 0]
          : action.resource === 'domains'
            ? ['custom_index_url', `https://other.example/${v}`]
            : ['email', `w${v}@chaos.example`];
      await direct.resource(action.resource).update(serverId, { [field]: value } as never);
      contest(field, value);
      return `${row.marker} ${field}`;
    } catch {
      // Gone meanwhile (the user's delete reached the service first): nothing was changed.
      return null;
    }
  }
}

const pickOf = <T>(list: T[], pick: number) => (list.length === 0 ? undefined : list[pick % list.length]);

function updatePatch(row: ModelRow, variant: number, v: number, handlers: ModelRow[]): Record<string, unknown> {
  switch (row.resource) {
    case 'links': {
      if (variant <= 1) return { location_url: `https://dest.example${row.marker}?v=${v}` };
      if (variant === 2) return { sensitive_content: !row.fields.sensitive_content };
      if (variant === 3) return { url: `${String(row.fields.url).split('r')[0]}r${v}` };
      if (variant === 4 && handlers.length > 0) return { email_reports: [handlers[v % handlers.length]!.clientId] };
      return { location_url: `https://dest.example${row.marker}?v=${v}`, sensitive_content: !row.fields.sensitive_content };
    }
    case 'domains':
      if (variant <= 2) return { custom_index_url: `https://index.example/${v}` };
      return { is_enabled: !row.fields.is_enabled };
    case 'handlers':
      if (variant <= 2) return { email: `u${v}@chaos.example` };
      return { is_enabled: !row.fields.is_enabled };
  }
}
