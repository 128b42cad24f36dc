// One chaos run: the sandbox behind the seeded fault proxy, the real main services, the engine
// running on its own (fast clock), and seeded random user edits over links, domains and handlers
// with references between them, offline spells and app restarts (fast-check draws the actions).
// After healing (no faults, online) and two sync cycles it checks the invariants: no lost edit,
// no duplicate server row, mirror equals server.
import fc from 'fast-check';
import { EditError } from '../../src-renderer/sync/edit-errors.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import type { MirrorRow, OutboxOp } from '../../src-renderer/sync/mirror/rows.ts';
import { readView } from '../../src-renderer/sync/mirror/fields.ts';
import type { ResourceName } from '../../src-renderer/sync/types.ts';
import { FAULT_KINDS, seededRandom } from '../support/fault-proxy.ts';
import {
  blockedRows,
  checkConvergence,
  fastClock,
  newIndexedDb,
  openSync,
  serverTruth,
  startSyncStack,
  type FastClock,
  type ServerTruth,
  type SyncStack,
} from '../support/sync-harness.ts';

export interface ChaosOptions {
  seed: number;
  ops: number;
  /** Share of requests that meet a fault (0..1). */
  faults: number;
  /** Virtual-time speed of the engine's clock. */
  speed?: number;
  /** The engine's periodic full sync, virtual ms. */
  intervalMs?: number;
}

export interface ChaosResult {
  seed: number;
  ops: number;
  /** Edits the engine refused on the spot (EditError): visible at once, not queued. */
  refused: number;
  faults: number;
  requests: number;
  lost: number;
  duplicates: number;
  converged: boolean;
  /** Ops left in a visible state (failed / conflict / unknown) after healing. */
  visible: number;
  /** The visible ops by state and reason, e.g. `failed:dependency`. */
  visibleKinds: Record<string, number>;
  restarts: number;
  /** Changes the second writer made on the service directly. */
  secondWriter: number;
  /** Extra sync cycles the healed engine needed before the two counted ones (a backlog over one window). */
  drain: number;
  ms: number;
  /** Why the run did not pass, for the log. */
  problems: string[];
}

export function formatResult(r: ChaosResult): string {
  return `seed=${r.seed} ops=${r.ops} faults=${r.faults} second-writer=${r.secondWriter} lost=${r.lost} duplicates=${r.duplicates} converged=${r.converged ? 'yes' : 'no'} visible=${r.visible} restarts=${r.restarts} drain=${r.drain} requests=${r.requests} ms=${r.ms}`;
}

type Action =
  | { type: 'create'; resource: ResourceName; domainPick: number | null; handlerPicks: number[] }
  | { type: 'update'; resource: ResourceName; pick: number; variant: number }
  | { type: 'delete'; resource: ResourceName; pick: number }
  | { type: 'offline'; actions: number }
  | { type: 'restart' }
  | { type: 'wait'; ms: number }
  | { type: 'sync' }
  /** Someone else (the service's web UI, another device) changes a link on the service directly. */
  | { type: 'second-writer'; pick: number; variant: number };

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
  { weight: 35, arbitrary: fc.record({ type: fc.constant('update' as const), resource: resourceArb, pick: fc.nat(), variant: fc.nat(5) }) },
  {
    weight: 10,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      resource: fc.constantFrom<ResourceName>('links', 'links', 'links', 'links', 'domains', 'handlers'),
      pick: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('offline' as const), actions: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 2, arbitrary: fc.constant({ type: 'restart' as const }) },
  { weight: 12, arbitrary: fc.record({ type: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 15 }) }) },
  { weight: 4, arbitrary: fc.constant({ type: 'sync' as const }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('second-writer' as const), pick: fc.nat(), variant: fc.nat(5) }) },
);

const isEdit = (a: Action) => a.type === 'create' || a.type === 'update' || a.type === 'delete';

/** Exactly `ops` edits, with offline spells, restarts, waits and syncs drawn between them. */
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

/** What the user did to one row they created: the truth the server must end up with. */
interface ModelRow {
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
  /** Fields both sides set: either side's last value may stand, or a conflict is shown. */
  contested: Map<string, unknown[]>;
  /** The second writer deleted the row on the service. */
  deletedElsewhere: boolean;
}

function markerOf(resource: ResourceName, row: { location_url?: string; host?: string; name?: string }): string {
  if (resource === 'links') return new URL(row.location_url!).pathname;
  if (resource === 'domains') return row.host!;
  return row.name!;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const started = performance.now();
  const stack = await startSyncStack({ proxy: { seed: options.seed, latencyMs: 3, resetSeconds: 0.05 } });
  try {
    return await runWithStack(stack, options, started);
  } finally {
    await stack.close();
  }
}

async function runWithStack(stack: SyncStack, options: ChaosOptions, started: number): Promise<ChaosResult> {
  const proxy = stack.proxy!;
  const clock: FastClock = fastClock(options.speed ?? 1000);
  const idb = newIndexedDb();
  // Periodic pulls every 10 virtual minutes (0.6 s here); restarts and reconnects pull as well.
  const open = () => openSync(stack, idb, { clock, random: seededUnit(options.seed), editDelayMs: 300, intervalMs: options.intervalMs ?? 600_000 });
  let ws: WorkspaceSync = await open();
  proxy.setFaultRate(options.faults);
  const model: ModelRow[] = [];
  const tag = `s${options.seed}`;
  let counter = 0;
  let refused = 0;
  let restarts = 0;
  let offlineLeft = 0;
  let secondWriter = 0;
  const live = (resource: ResourceName) =>
    model.filter((m) => m.resource === resource && !m.deleted && !m.deletedElsewhere && !(m.domain && model.find((d) => d.clientId === m.domain)?.deleted));
  const untouched = () => ({ theirs: {}, contested: new Map<string, unknown[]>(), deletedElsewhere: false });
  const pickOf = <T>(list: T[], pick: number) => (list.length === 0 ? undefined : list[pick % list.length]);

  const edit = async (action: Action) => {
    switch (action.type) {
      case 'create': {
        const n = ++counter;
        if (action.resource === 'links') {
          const domain = action.domainPick === null ? undefined : pickOf(live('domains'), action.domainPick);
          const handlers = [...new Set(action.handlerPicks.map((p) => pickOf(live('handlers'), p)).filter((h) => h !== undefined))];
          const input = {
            location_url: `https://dest.example/${tag}/${n}?v=0`,
            url: `${tag}x${n}`,
            ...(domain ? { domain_id: domain.clientId } : {}),
            ...(handlers.length ? { email_reports: handlers.map((h) => h.clientId) } : {}),
          };
          const clientId = await ws.links.create(input);
          model.push({
            resource: 'links',
            clientId,
            marker: `/${tag}/${n}`,
            deleted: false,
            domain: domain?.clientId ?? null,
            handlers: handlers.map((h) => h.clientId),
            fields: { location_url: input.location_url, url: input.url, sensitive_content: false },
            ...untouched(),
          });
        } else if (action.resource === 'domains') {
          const host = `d${n}-${tag}.chaos.example`;
          const clientId = await ws.domains.create({ host });
          model.push({
            resource: 'domains',
            clientId,
            marker: host,
            deleted: false,
            domain: null,
            handlers: [],
            fields: { host, is_enabled: true },
            ...untouched(),
          });
        } else {
          const name = `h${tag}-${n}`;
          const clientId = await ws.handlers.create({ name, type: 'email', email: `h${n}@chaos.example` });
          model.push({
            resource: 'handlers',
            clientId,
            marker: name,
            deleted: false,
            domain: null,
            handlers: [],
            fields: { name, email: `h${n}@chaos.example`, is_enabled: true },
            ...untouched(),
          });
        }
        return;
      }
      case 'update': {
        const row = pickOf(live(action.resource), action.pick);
        if (!row) return;
        const v = ++counter;
        const patch = updatePatch(row, action.variant, v, live('handlers'));
        await ws[action.resource].update(row.clientId, patch as never);
        for (const [field, value] of Object.entries(patch)) {
          if (field === 'email_reports') row.handlers = [...new Set([...row.handlers, ...(value as string[])])];
          else row.fields[field] = value;
          row.contested.get(field)?.push(value);
        }
        return;
      }
      case 'delete': {
        const row = pickOf(live(action.resource), action.pick);
        if (!row) return;
        await ws[action.resource].delete(row.clientId);
        row.deleted = true;
        return;
      }
    }
  };

  /**
   * The second writer, straight to the sandbox (no proxy, no faults): sets fields the user never
   * touches here (UTM campaign, clicks limit, enabled), the destination the user edits too, or
   * deletes the link. Its update carries the link's reports as the service holds them, as a
   * careful client does.
   */
  const writeElsewhere = async (action: Extract<Action, { type: 'second-writer' }>) => {
    const row = pickOf(live('links'), action.pick);
    const serverId = row ? (await ws.db.links.get(row.clientId))?.serverId : null;
    if (!row || serverId === null || serverId === undefined) return;
    const v = ++counter;
    try {
      if (action.variant === 0) {
        await stack.direct.resource('links').delete(serverId);
        row.deletedElsewhere = true;
      } else {
        const current = await stack.direct.resource('links').get(serverId);
        const patch: Record<string, unknown> =
          action.variant === 1
            ? { utm_campaign: `w${v}` }
            : action.variant === 2
              ? { clicks_limit: 1000 + v }
              : action.variant === 3
                ? { is_enabled: v % 2 === 0 }
                : { location_url: `https://dest.example${row.marker}?w=${v}` };
        await stack.direct.resource('links').update(serverId, { ...patch, email_reports: current.email_reports ?? [] });
        for (const [field, value] of Object.entries(patch)) {
          if (field === 'location_url') row.contested.set(field, [...(row.contested.get(field) ?? [row.fields[field]]), value]);
          else row.theirs[field] = value;
        }
      }
      secondWriter++;
    } catch {
      // Gone meanwhile (the user's delete reached the service first): nothing was changed.
    }
  };

  const actions = drawActions(options.seed, options.ops);
  let ops = 0;
  for (const action of actions) {
    if (offlineLeft > 0 && --offlineLeft === 0) {
      proxy.setOffline(false);
      ws.notifyOnline();
    }
    switch (action.type) {
      case 'offline':
        proxy.setOffline(true);
        offlineLeft = action.actions;
        break;
      case 'restart':
        // The app is killed: whatever the old engine was doing dies with its database handle.
        ws.close();
        ws = await open();
        restarts++;
        break;
      case 'wait':
        await new Promise((resolve) => setTimeout(resolve, action.ms));
        break;
      case 'sync':
        await ws.syncNow();
        break;
      case 'second-writer':
        await writeElsewhere(action);
        break;
      default:
        ops++;
        try {
          await edit(action);
        } catch (error) {
          if (!(error instanceof EditError)) throw error;
          refused++; // shown to the user at once (e.g. an edit of a row the service deleted)
        }
    }
  }

  // Heal: no faults, online; then two sync cycles (virtual time jumps past every backoff).
  proxy.setFaultRate(0);
  proxy.setOffline(false);
  // Main's budget keeps real time: let the last injected 429's window (50 ms) run out.
  await new Promise((resolve) => setTimeout(resolve, 100));
  ws.notifyOnline();
  await ws.engine.idle();
  // A backlog larger than one rate-limit window drains over several windows (virtual time).
  let drain = 0;
  for (; drain < 200 && (await backlog(ws)) > 0; drain++) {
    clock.jump(3_600_000);
    await ws.syncNow();
  }
  for (let i = 0; i < 2; i++) {
    clock.jump(3_600_000);
    await ws.syncNow();
    await ws.engine.idle();
  }
  const truth = await serverTruth(stack.direct);
  const convergence = await checkConvergence(ws.db, truth);
  const { lost, duplicates, problems } = await checkModel(ws, model, truth);
  problems.push(...convergence.differences, ...convergence.unsettled.map((op) => `unsettled ${op.kind} ${op.resource} ${op.state} ${op.error?.message ?? ''}`));
  const visible = convergence.visible.length;
  // A visible state the user's own edits explain: a link queued on a domain or handler they
  // deleted meanwhile (failed: dependency), or a link edited while they deleted its domain (the
  // service deletes a domain's links: conflict: deleted). Anything else is reported.
  const deletedDomains = new Set(model.filter((m) => m.resource === 'domains' && m.deleted).map((m) => m.clientId));
  for (const op of convergence.visible) {
    const row = model.find((m) => m.clientId === op.rowId);
    const domainDeleted = row?.domain !== null && row?.domain !== undefined && deletedDomains.has(row.domain);
    const handlerDeleted = row?.handlers.some((h) => model.find((m) => m.clientId === h)?.deleted) ?? false;
    const explained =
      (op.state === 'failed' && op.error?.kind === 'dependency') ||
      // The domain's delete reached the service while the link's create waited (e.g. its answer was lost).
      (op.state === 'failed' && op.kind === 'create' && refusedFor(op, 'domain_id') && domainDeleted) ||
      // Likewise a report handler's delete reached the service before the link's create or update.
      (op.state === 'failed' && refusedFor(op, 'email_reports') && handlerDeleted) ||
      (op.state === 'conflict' && op.conflict?.type === 'deleted' && (domainDeleted || row?.deletedElsewhere === true)) ||
      // The user and the second writer changed the same field: the user decides.
      (op.state === 'conflict' && op.conflict?.type === 'fields' && op.conflict.fields.every((f) => row?.contested.has(f.field)));
    if (!explained) {
      const fields =
        op.conflict?.type === 'fields'
          ? op.conflict.fields
              .map((f) => `${f.field} base=${JSON.stringify(f.base)} mine=${JSON.stringify(f.mine)} theirs=${JSON.stringify(f.theirs)}`)
              .join('; ')
          : '';
      problems.push(`unexplained ${op.state} ${op.kind} ${op.resource}: ${op.conflict?.type ?? ''} ${fields} ${op.error?.message ?? ''}`);
    }
  }
  const visibleKinds: Record<string, number> = {};
  for (const op of convergence.visible) {
    const key = `${op.state}:${op.conflict?.type ?? op.error?.kind ?? '?'}`;
    visibleKinds[key] = (visibleKinds[key] ?? 0) + 1;
  }
  ws.close();
  const faults = FAULT_KINDS.reduce((sum, kind) => sum + proxy.stats[kind], 0);
  return {
    seed: options.seed,
    ops,
    refused,
    faults,
    requests: proxy.stats.requests,
    lost,
    duplicates,
    secondWriter,
    converged: convergence.differences.length === 0 && convergence.unsettled.length === 0,
    visible,
    visibleKinds,
    restarts,
    drain,
    ms: Math.round(performance.now() - started),
    problems,
  };
}

/** The service refused the op for this field (validation names it, or its message starts with it). */
function refusedFor(op: OutboxOp, field: string): boolean {
  return op.error?.kind === 'validation' && ((op.error.field ?? '').startsWith(field) || op.error.message.startsWith(field));
}

/** Ops that could still go out (not stopped in a visible state, not queued behind one). */
async function backlog(ws: WorkspaceSync): Promise<number> {
  const ops = await ws.db.outbox.toArray();
  const blocked = blockedRows(ops);
  return ops.filter((op) => !blocked.has(op.rowId)).length;
}

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

/** Lost: a user's row neither on the server as they left it nor in a visible state. Duplicates: two server rows for one create. */
async function checkModel(ws: WorkspaceSync, model: ModelRow[], truth: ServerTruth): Promise<{ lost: number; duplicates: number; problems: string[] }> {
  const problems: string[] = [];
  const ops = await ws.db.outbox.toArray();
  const visibleRows = blockedRows(ops);
  let lost = 0;
  let duplicates = 0;
  const byMarker = new Map<string, unknown[]>();
  for (const resource of ['links', 'domains', 'handlers'] as const) {
    for (const row of truth[resource]) {
      const key = `${resource}:${markerOf(resource, resource === 'handlers' ? { name: (row as { name: string }).name } : (row as { location_url?: string; host?: string }))}`;
      byMarker.set(key, [...(byMarker.get(key) ?? []), row]);
    }
  }
  const deletedDomains = new Set(model.filter((m) => m.resource === 'domains' && m.deleted).map((m) => m.clientId));
  for (const m of model) {
    const onServer = byMarker.get(`${m.resource}:${m.marker}`) ?? [];
    if (onServer.length > 1) {
      duplicates += onServer.length - 1;
      problems.push(`duplicate ${m.resource} ${m.marker} ×${onServer.length}`);
    }
    // The user's refs may point at rows of theirs in a visible state: the row's fate is open too.
    const dependsOnVisible = (m.domain !== null && visibleRows.has(m.domain)) || m.handlers.some((h) => visibleRows.has(h));
    if (visibleRows.has(m.clientId) || dependsOnVisible) continue;
    const gone = m.deleted || m.deletedElsewhere || (m.domain !== null && deletedDomains.has(m.domain));
    if (gone) {
      if (onServer.length > 0) {
        lost++;
        problems.push(`lost delete: ${m.resource} ${m.marker} still on the server`);
      }
      continue;
    }
    if (onServer.length === 0) {
      lost++;
      problems.push(`lost create: ${m.resource} ${m.marker} not on the server, nothing visible`);
      continue;
    }
    const view = readView(m.resource, onServer[0] as MirrorRow['base'] & object);
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    for (const [field, value] of Object.entries(m.fields)) {
      const contested = m.contested.get(field);
      // Contested: the last value either side set may stand (who saw whose is the engine's business).
      const acceptable = contested ? [value, contested.at(-1)] : [value];
      if (!acceptable.some((candidate) => same(view[field], candidate))) {
        lost++;
        problems.push(`lost edit: ${m.resource} ${m.marker}.${field} = ${JSON.stringify(view[field])}, user set ${JSON.stringify(value)}`);
        break;
      }
    }
    for (const [field, value] of Object.entries(m.theirs)) {
      if (!same(view[field], value)) {
        lost++;
        problems.push(`overwritten: ${m.resource} ${m.marker}.${field} = ${JSON.stringify(view[field])}, set elsewhere to ${JSON.stringify(value)}`);
        break;
      }
    }
  }
  return { lost, duplicates, problems };
}

/** A seeded source for the engine's backoff jitter. */
function seededUnit(seed: number): () => number {
  return seededRandom(seed * 2654435761);
}
