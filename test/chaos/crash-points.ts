// Crash points: the app dies at each await of the send path — before the op is marked sending,
// after that but before the request leaves, after the service applied it but before the answer
// arrived, and before the confirmation is committed (plus the read of an update and the
// reconciliation listing). A new engine then opens the same mirror, syncs twice, and the check
// is: at most one server row per create, every op ended, the service has what the user asked.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import type { CallInput, CallName, CallOutput } from '../../src-preload/contract/index.ts';
import type { ContractApi } from '../../src-renderer/contract/contract-client.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { openMirrorDb, type MirrorDb } from '../../src-renderer/sync/mirror/db.ts';
import type { OutboxOp } from '../../src-renderer/sync/mirror/rows.ts';
import type { ResourceName } from '../../src-renderer/sync/types.ts';
import { seededRandom } from '../support/fault-proxy.ts';
import { checkConvergence, fastClock, newIndexedDb, openSync, serverTruth, startSyncStack, type SyncStack } from '../support/sync-harness.ts';

/** Where the app dies. `request-*` points are on the op's own request; `db-*` points abort a mirror transaction. */
export const CRASH_POINTS = [
  'create:db-mark-sending',
  'create:request-not-sent',
  'create:request-applied',
  'create:db-confirm',
  'create:reconcile-listing',
  'update:read-not-sent',
  'update:read-answered',
  'update:db-mark-sending',
  'update:request-not-sent',
  'update:request-applied',
  'update:db-confirm',
  'delete:db-mark-sending',
  'delete:request-not-sent',
  'delete:request-applied',
  'delete:db-confirm',
  // The links pull after the op: dies once the listing wrote a page's text ahead (link-rows.ts
  // stagePageText), or in the transaction that stores the listing naming those texts.
  'create:listing-text-written',
  'update:listing-switch',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

class Killed extends Error {
  constructor() {
    super('the app was killed here');
    this.name = 'Killed';
  }
}

/** Arms one crash; `hit` resolves once the app "died" there. */
function crashSwitch() {
  let armed:
    | ((
        event:
          { kind: 'call'; name: string; phase: 'before' | 'after' } | { kind: 'db'; request: DBCoreMutateRequest; table: string; phase: 'before' | 'after' },
      ) => boolean)
    | null = null;
  let resolveHit!: () => void;
  const hit = new Promise<void>((resolve) => (resolveHit = resolve));
  const state = {
    /** Once it died, the app writes and sends nothing more (nor cleans up after itself). */
    dead: false,
    arm(test: NonNullable<typeof armed>) {
      armed = test;
    },
    check(event: Parameters<NonNullable<typeof armed>>[0]): boolean {
      if (!armed || !armed(event)) return false;
      armed = null;
      state.dead = true;
      resolveHit();
      return true;
    },
    hit,
  };
  return state;
}
type CrashSwitch = ReturnType<typeof crashSwitch>;

/** The contract as the dying app sees it: at the armed call it never hears back (before or after the call went out). */
function dyingApi(api: ContractApi, crash: CrashSwitch): ContractApi {
  const never = new Promise<never>(() => undefined);
  return {
    async call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
      if (crash.dead || crash.check({ kind: 'call', name, phase: 'before' })) return never;
      const value = await api.call(name, input);
      if (crash.check({ kind: 'call', name, phase: 'after' })) return never;
      return value;
    },
    on: (event, listener) => api.on(event, listener),
  };
}

/** Aborts the armed mirror transaction, as a kill before its commit would. */
function dyingMirror(crash: CrashSwitch): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'crash-points',
    create: (down) => ({
      ...down,
      table(name: string): DBCoreTable {
        const table = down.table(name);
        return {
          ...table,
          async mutate(request) {
            if (crash.dead || crash.check({ kind: 'db', request, table: name, phase: 'before' })) throw new Killed();
            const result = await table.mutate(request);
            // Dies once this write is done (the rest of its transaction may still abort).
            crash.check({ kind: 'db', request, table: name, phase: 'after' });
            return result;
          },
        };
      },
    }),
  };
}

const putsState = (request: DBCoreMutateRequest, state: OutboxOp['state']) =>
  request.type === 'put' && (request.values as OutboxOp[]).some((op) => op.state === state);

function armFor(point: CrashPoint, resource: ResourceName, crash: CrashSwitch): void {
  const [kind, where] = point.split(':') as ['create' | 'update' | 'delete', string];
  const call = `${resource}.${kind}`;
  crash.arm((event) => {
    switch (where) {
      case 'db-mark-sending':
        return event.kind === 'db' && event.table === 'outbox' && putsState(event.request, 'sending');
      case 'db-confirm':
        // The transaction that deletes the confirmed op (and maps the row).
        return event.kind === 'db' && event.table === 'outbox' && event.request.type === 'delete';
      case 'request-not-sent':
        return event.kind === 'call' && event.name === call && event.phase === 'before';
      case 'request-applied':
        return event.kind === 'call' && event.name === call && event.phase === 'after';
      case 'read-not-sent':
        return event.kind === 'call' && event.name === `${resource}.get` && event.phase === 'before';
      case 'read-answered':
        return event.kind === 'call' && event.name === `${resource}.get` && event.phase === 'after';
      case 'listing-text-written':
        return event.kind === 'db' && event.table === 'pageTexts' && event.request.type === 'put' && event.phase === 'after';
      case 'listing-switch':
        return event.kind === 'db' && event.table === 'linkPages' && event.request.type === 'put';
      case 'reconcile-listing':
        // Handled by the caller: a first crash leaves the create unknown, this one hits its listing.
        return event.kind === 'call' && event.name === `${resource}.list` && event.phase === 'before';
      default:
        return false;
    }
  });
}

export interface CrashRunResult {
  point: CrashPoint;
  runs: number;
  /** Runs whose crash point was reached (the rest found nothing to crash on: none expected). */
  crashed: number;
  duplicates: number;
  unended: number;
  wrong: number;
  problems: string[];
}

const RESOURCE_CHOICES: ResourceName[] = ['links', 'domains', 'handlers'];

/** `runs` seeded runs of one crash point on one sandbox. */
export async function runCrashPoint(point: CrashPoint, runs: number, seed = 1): Promise<CrashRunResult> {
  const stack = await startSyncStack();
  const result: CrashRunResult = { point, runs, crashed: 0, duplicates: 0, unended: 0, wrong: 0, problems: [] };
  try {
    for (let run = 0; run < runs; run++) await oneRun(stack, point, seed * 100_000 + run, result);
  } finally {
    await stack.close();
  }
  return result;
}

async function oneRun(stack: SyncStack, point: CrashPoint, seed: number, result: CrashRunResult): Promise<void> {
  const random = seededRandom(seed);
  const drawn = RESOURCE_CHOICES[Math.floor(random() * 3)]!;
  // The listing points are on the links pull.
  const resource = point.includes(':listing-') ? 'links' : drawn;
  const kind = point.split(':')[0] as 'create' | 'update' | 'delete';
  const tag = `c${seed}`;
  const idb = newIndexedDb();
  const clock = fastClock();
  const crash = crashSwitch();
  const options = { autoStart: false, clock, random: () => random() };
  const openDying = () => {
    const db: MirrorDb = openMirrorDb(stack.workspaceId, idb);
    db.use(dyingMirror(crash));
    return openSync({ ...stack, api: dyingApi(stack.api, crash) }, idb, { ...options, db });
  };
  let ws: WorkspaceSync = await openDying();

  // What the user does; `expected` is what the service must hold afterwards (null: nothing).
  const make = (n: number) =>
    resource === 'links'
      ? ws.links.create({ location_url: `https://dest.example/${tag}/${n}`, url: `${tag}x${n}` })
      : resource === 'domains'
        ? ws.domains.create({ host: `${tag}-${n}.crash.example` })
        : ws.handlers.create({ name: `${tag}-${n}`, type: 'email', email: `${tag}@crash.example` });
  const patch =
    resource === 'links'
      ? { location_url: `https://dest.example/${tag}/1?changed` }
      : resource === 'domains'
        ? { custom_index_url: `https://index.example/${tag}` }
        : { email: `changed-${tag}@crash.example` };
  const id = await make(1);
  if (kind !== 'create') {
    await ws.syncNow(); // the row exists on the service before the crashing edit
    if (kind === 'update') await ws[resource].update(id, patch as never);
    else await ws[resource].delete(id);
  }
  // Noise: another row's create, before or after in the queue, sometimes.
  if (random() < 0.5) await make(2);

  // The reconciliation listing only exists after a create's outcome became unknown.
  armFor(point === 'create:reconcile-listing' ? 'create:request-applied' : point, resource, crash);
  const cycle = ws.syncNow().catch(() => undefined);
  const reached = await Promise.race([crash.hit.then(() => true), cycle.then(() => false)]);
  if (!reached) {
    result.problems.push(`${point} seed ${seed}: the crash point was never reached`);
  } else {
    result.crashed++;
    // The app dies: the old engine's database handle goes with it, whatever it was awaiting.
    ws.close();
    if (point === 'create:reconcile-listing') {
      // Dies once more while the restarted app lists to settle the unknown create.
      ws = await openDying();
      armFor(point, resource, crash);
      const again = ws.syncNow().catch(() => undefined);
      await Promise.race([crash.hit.then(() => true), again.then(() => false)]);
      ws.close();
    }
  }
  // (The dead engine's cycle may never settle: it waits for an answer that will not come.)
  // A new app over the same mirror: heal, two sync cycles.
  ws = await openSync(stack, idb, options);
  for (let i = 0; i < 2; i++) {
    clock.jump(3_600_000);
    await ws.syncNow();
  }
  const truth = await serverTruth(stack.direct);
  const ops = await ws.db.outbox.toArray();
  if (ops.length > 0) {
    result.unended++;
    result.problems.push(`${point} seed ${seed}: ${ops.map((op) => `${op.kind} ${op.state} ${op.error?.message ?? ''}`).join('; ')}`);
  }
  const mine = (truth[resource] as { location_url?: string; host?: string; name?: string }[]).filter((row) =>
    resource === 'links' ? row.location_url?.includes(`/${tag}/1`) : resource === 'domains' ? row.host === `${tag}-1.crash.example` : row.name === `${tag}-1`,
  );
  if (mine.length > 1) {
    result.duplicates++;
    result.problems.push(`${point} seed ${seed}: ${mine.length} server rows for one create`);
  }
  const expectedCount = kind === 'delete' ? 0 : 1;
  const applied =
    kind !== 'update' ||
    mine.every((row) =>
      Object.entries(patch).every(([field, value]) =>
        field === 'email' ? (row as { settings?: { email?: string } }).settings?.email === value : (row as Record<string, unknown>)[field] === value,
      ),
    );
  if (mine.length !== expectedCount || !applied) {
    result.wrong++;
    result.problems.push(`${point} seed ${seed}: the service has ${mine.length} row(s)${applied ? '' : ' without the update'}, expected ${expectedCount}`);
  }
  // Every page text stored is named by a page: what a dead listing wrote ahead went with the next pull.
  const named = new Set((await ws.db.linkPages.toArray()).flatMap((page) => (page.textId === undefined ? [] : [page.textId])));
  const unnamed = ((await ws.db.pageTexts.toCollection().primaryKeys()) as string[]).filter((textId) => !named.has(textId));
  if (unnamed.length > 0) {
    result.wrong++;
    result.problems.push(`${point} seed ${seed}: ${unnamed.length} page text(s) no page names`);
  }
  const convergence = await checkConvergence(ws.db, truth);
  if (convergence.differences.length > 0) {
    result.wrong++;
    result.problems.push(`${point} seed ${seed}: ${convergence.differences.slice(0, 3).join('; ')}`);
  }
  ws.close();
}
