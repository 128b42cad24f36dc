// One chaos run: the sandbox behind the seeded fault proxy, the real main services, the engine
// running on its own, and seeded random user edits (chaos-actions.ts), all on one virtual clock
// and one scheduler (chaos-stack.ts), so a seed replays the same run: the same operations, the
// same faults at the same points, the same interleavings, the same trace. After healing (no
// faults, online) and two sync cycles it checks the invariants (chaos-check.ts): no lost edit,
// no duplicate server row, mirror equals server.
import { EditError } from '../../src-renderer/sync/edit-errors.ts';
import type { WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { FAULT_KINDS } from '../support/fault-proxy.ts';
import { digest } from '../support/sim-scheduler.ts';
import { blockedRows, checkConvergence, serverTruth } from '../support/sync-harness.ts';
import { ChaosModel, drawActions, mirrorServerIdOf, type Action, type EditAction } from './chaos-actions.ts';
import { checkModel, unexplainedVisible } from './chaos-check.ts';
import { ChaosStack, COUNTED_KINDS, draw, type CountedKind } from './chaos-stack.ts';

export { drawActions };

export interface ChaosOptions {
  seed: number;
  ops: number;
  /** Share of requests that meet a fault (0..1). */
  faults: number;
  /** Share of mirror writes cut by a renderer reload, and refused for a full disk (default 1/800 each). */
  reloads?: number;
  quota?: number;
  /** The engine's periodic full sync, virtual ms. */
  intervalMs?: number;
  /** Links on the service before the run (see chaos-stack.ts). */
  linksBefore?: number;
}

export interface ChaosResult {
  seed: number;
  ops: number;
  /** Edits the engine refused on the spot (EditError): visible at once, not queued. */
  refused: number;
  /** Requests that met a fault at the proxy. */
  faults: number;
  /** Every fault kind the run met, with how often. */
  kinds: Record<CountedKind, number>;
  requests: number;
  lost: number;
  duplicates: number;
  converged: boolean;
  /** Ops left in a visible state (failed / conflict / unknown) after healing. */
  visible: number;
  /** The visible ops by state and reason, e.g. `failed:dependency`. */
  visibleKinds: Record<string, number>;
  restarts: number;
  /** Extra sync cycles the healed engine needed before the two counted ones (a backlog over one window). */
  drain: number;
  /** Virtual time the run took, and real ms. */
  virtualMs: number;
  ms: number;
  /** What happened, in order: actions, calls, requests and their faults, deaths; same seed, same trace. */
  trace: string[];
  /** Why the run did not pass, for the log. */
  problems: string[];
}

export const DEFAULT_DB_FAULTS = 1 / 800;

export function formatResult(r: ChaosResult): string {
  const kinds = COUNTED_KINDS.map((kind) => `${kind}:${r.kinds[kind]}`).join(',');
  return (
    `seed=${r.seed} ops=${r.ops} faults=${r.faults} kinds=${kinds} lost=${r.lost} duplicates=${r.duplicates} ` +
    `converged=${r.converged ? 'yes' : 'no'} visible=${r.visible} refused=${r.refused} restarts=${r.restarts} drain=${r.drain} ` +
    `requests=${r.requests} trace=${digest(r.trace)} virtual=${Math.round(r.virtualMs / 1000)}s ms=${r.ms}`
  );
}

/** The command that replays a run, trace included. */
export function replayCommand(options: Pick<ChaosOptions, 'seed' | 'ops' | 'faults'>): string {
  return `npm run test:chaos -- --seed ${options.seed} --ops ${options.ops} --faults ${options.faults} --trace`;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const started = performance.now();
  const stack = await ChaosStack.start({
    seed: options.seed,
    faults: options.faults,
    reloads: options.reloads ?? DEFAULT_DB_FAULTS,
    quota: options.quota ?? DEFAULT_DB_FAULTS,
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    ...(options.linksBefore ? { linksBefore: options.linksBefore } : {}),
  });
  try {
    return await runWithStack(stack, options, started);
  } catch (error) {
    // A run that breaks (the harness stuck, an unexpected throw) fails like one that lost an edit,
    // with the trace so far: its seed replays it.
    stack.trace.push(`broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return {
      seed: options.seed,
      ops: options.ops,
      refused: 0,
      faults: FAULT_KINDS.reduce((sum, kind) => sum + stack.proxy.stats[kind], 0),
      kinds: { ...stack.counts },
      requests: stack.proxy.stats.requests,
      lost: 0,
      duplicates: 0,
      converged: false,
      visible: 0,
      visibleKinds: {},
      restarts: 0,
      drain: 0,
      virtualMs: stack.clock.mono(),
      ms: Math.round(performance.now() - started),
      trace: stack.trace,
      problems: [`the run broke: ${error instanceof Error ? error.message : String(error)}`],
    };
  } finally {
    await stack.close();
  }
}

const describe = (action: Action): string => {
  const { type, ...rest } = action;
  return `${type} ${JSON.stringify(rest)}`;
};

async function runWithStack(stack: ChaosStack, options: ChaosOptions, started: number): Promise<ChaosResult> {
  const { scheduler, clock, proxy } = stack;
  const model = new ChaosModel(options.seed);
  const dead = () => !stack.gen.alive;
  const problems: string[] = [];
  let refused = 0;
  let restarts = 0;
  let offlineLeft = 0;
  let ops = 0;
  stack.setFaults(true);
  const actions = drawActions(options.seed, options.ops);
  for (const [index, action] of actions.entries()) {
    await stack.ensureAlive();
    if (offlineLeft > 0 && --offlineLeft === 0) {
      proxy.setOffline(false);
      stack.ws.notifyOnline();
    }
    let outcome = '';
    switch (action.type) {
      case 'offline':
        proxy.setOffline(true);
        offlineLeft = action.actions;
        break;
      case 'restart':
        // The user reloads the window: whatever the old engine was doing dies with it.
        await stack.restartRenderer();
        restarts++;
        break;
      case 'wait':
        await scheduler.runFor(action.seconds * 1000, dead);
        break;
      case 'sync':
        await scheduler.drive(stack.ws.syncNow(), dead);
        break;
      case 'second-writer': {
        const did = await model.writeElsewhere(mirrorServerIdOf(stack.ws), stack.direct, action);
        if (did) stack.counts['second-writer']++;
        outcome = did ?? 'nothing';
        break;
      }
      case 'clock':
        clock.jumpWall(action.minutes * 60_000);
        stack.counts.clock++;
        break;
      default:
        ops++;
        outcome = await userEdit(stack, model, action, problems).catch((error: unknown) => {
          if (!(error instanceof EditError)) throw error;
          refused++; // shown to the user at once (e.g. an edit of a row the service deleted, a full disk)
          return `refused ${error.kind}`;
        });
    }
    stack.trace.push(`t=${clock.mono()} a${index} ${describe(action)}${outcome ? ` => ${outcome}` : ''}`);
    // The user takes a moment before the next thing: the engine works meanwhile.
    await scheduler.runFor(50 + Math.floor(draw(options.seed, 2, index)() * 950), dead);
    const untold = stack.untoldQuota();
    if (untold) problems.push(untold);
  }
  return heal(stack, model, { ...options, ops }, { refused, restarts, problems, started });
}

/** One edit; a full disk must reach the user as the quota error (nothing saved, nothing lost). */
async function userEdit(stack: ChaosStack, model: ChaosModel, action: EditAction, problems: string[]): Promise<string> {
  const quotaBefore = stack.counts.quota;
  stack.userEditing = true;
  try {
    return await model.edit(stack.ws, action);
  } catch (error) {
    const hitQuota = stack.counts.quota > quotaBefore;
    if (hitQuota && !(error instanceof EditError && error.kind === 'quota')) problems.push(`full disk during an edit not told as such: ${String(error)}`);
    throw error;
  } finally {
    stack.userEditing = false;
  }
}

async function heal(
  stack: ChaosStack,
  model: ChaosModel,
  options: ChaosOptions,
  run: { refused: number; restarts: number; problems: string[]; started: number },
): Promise<ChaosResult> {
  const { scheduler, clock, proxy } = stack;
  // Heal: no faults, online, the app running; then two sync cycles (virtual time passes every backoff).
  stack.setFaults(false);
  proxy.setOffline(false);
  await stack.ensureAlive();
  stack.trace.push(`t=${clock.mono()} healed`);
  stack.ws.notifyOnline();
  await scheduler.runFor(60_000);
  await scheduler.drive(stack.ws.engine.idle());
  // A backlog larger than one rate-limit window drains over several windows.
  let drain = 0;
  for (; drain < 200 && (await backlog(stack.ws)) > 0; drain++) {
    await scheduler.runFor(3_600_000);
    await scheduler.drive(stack.ws.syncNow());
  }
  for (let i = 0; i < 2; i++) {
    await scheduler.runFor(3_600_000);
    await scheduler.drive(stack.ws.syncNow());
    await scheduler.drive(stack.ws.engine.idle());
  }
  const ws = stack.ws;
  const truth = await serverTruth(stack.direct);
  const convergence = await checkConvergence(ws.db, truth);
  const ops = await ws.db.outbox.toArray();
  const { lost, duplicates, problems } = checkModel(model, ops, truth);
  problems.unshift(...run.problems);
  problems.push(...convergence.differences, ...convergence.unsettled.map((op) => `unsettled ${op.kind} ${op.resource} ${op.state} ${op.error?.message ?? ''}`));
  problems.push(...unexplainedVisible(model, convergence.visible));
  const visibleKinds: Record<string, number> = {};
  for (const op of convergence.visible) {
    const key = `${op.state}:${op.conflict?.type ?? op.error?.kind ?? '?'}`;
    visibleKinds[key] = (visibleKinds[key] ?? 0) + 1;
  }
  const result: ChaosResult = {
    seed: options.seed,
    ops: options.ops,
    refused: run.refused,
    faults: FAULT_KINDS.reduce((sum, kind) => sum + proxy.stats[kind], 0),
    kinds: { ...stack.counts },
    requests: proxy.stats.requests,
    lost,
    duplicates,
    converged: convergence.differences.length === 0 && convergence.unsettled.length === 0,
    visible: convergence.visible.length,
    visibleKinds,
    restarts: run.restarts,
    drain,
    virtualMs: clock.mono(),
    ms: Math.round(performance.now() - run.started),
    trace: stack.trace,
    problems,
  };
  stack.trace.push(`end lost=${lost} duplicates=${duplicates} visible=${JSON.stringify(visibleKinds)} problems=${problems.length}`);
  return result;
}

/** Ops that could still go out (not stopped in a visible state, not queued behind one). */
async function backlog(ws: WorkspaceSync): Promise<number> {
  const ops = await ws.db.outbox.toArray();
  const blocked = blockedRows(ops);
  return ops.filter((op) => !blocked.has(op.rowId)).length;
}
