// One chaos run with the engine in Chromium over its real IndexedDB: the sandbox behind the
// seeded fault proxy, the real main services in Node behind the preview's contract socket
// (startPreview, with the test page of entry.ts as its static root and a workspace pointing at the
// proxy), and a persistent Chromium profile in a temp folder (like Electron's on-disk profile), so
// a page closed and opened again finds its mirror and outbox. The seed decides the operations
// (chaos-actions.ts, the same model as the Node runs) and the fault positions (the proxy's n-th
// request); timers are real, so unlike the Node runs this one is not bit-for-bit deterministic:
// which request is n-th depends on timing. The checks are the Node runs' own (chaos-check.ts,
// convergenceOf in sync-harness.ts). Main's death is left to the Node runs: the preview keeps its
// keys under a per-process session cipher, so a new main would not have them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { Agent } from 'undici';
import { startPreview, type RunningPreview } from '../../../src-main/preview/preview-server.ts';
import { startSandbox } from '../../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { createContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { EditError, type EditErrorKind } from '../../../src-renderer/sync/edit-errors.ts';
import type { OutboxOp } from '../../../src-renderer/sync/mirror/rows.ts';
import type { ResourceName } from '../../../src-renderer/sync/types.ts';
import { launchPersistentChromium } from '../../support/browser.ts';
import { FAULT_KINDS, faultLabel, startFaultProxy, type FaultKind, type FaultProxy } from '../../support/fault-proxy.ts';
import { blockedRows, convergenceOf, createEventHub, routerBridge, serverTruth, type MirrorSnapshot } from '../../support/sync-harness.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { ChaosModel, drawActions, isEdit, type Action, type EditTarget, type ServerIdOf } from '../chaos-actions.ts';
import { checkModel, unexplainedVisible } from '../chaos-check.ts';
import { draw } from '../chaos-stack.ts';
import type { ChaosPage, Outcome } from './entry.ts';

/** The proxy's kinds this run meets: all but main's death (see above). */
export const BROWSER_FAULT_KINDS = FAULT_KINDS.filter((kind) => kind !== 'main-restart');
/** What the per-run line counts: the proxy's kinds, page reloads mid-sync, the second writer, clock jumps. */
export const BROWSER_COUNTED = [...BROWSER_FAULT_KINDS, 'reload', 'second-writer', 'clock'] as const;
export type BrowserCounted = (typeof BROWSER_COUNTED)[number];

/** Share of the user's edits followed, a moment later, by a page reload while the engine pushes it. */
const DEFAULT_RELOADS = 1 / 25;
/** Main's request timeout: a held request ('timeout') costs this, not the client's 20 s. */
const REQUEST_TIMEOUT_MS = 2_000;
/** How long one healing step may take before the run counts as stuck. */
const STEP_LIMIT_MS = 60_000;

export interface BrowserChaosOptions {
  seed: number;
  ops: number;
  faults: number;
  /** The built page (buildChaosPage). */
  pageDir: string;
  reloads?: number;
}

export interface BrowserChaosResult {
  seed: number;
  ops: number;
  refused: number;
  faults: number;
  kinds: Record<BrowserCounted, number>;
  requests: number;
  lost: number;
  duplicates: number;
  converged: boolean;
  visible: number;
  visibleKinds: Record<string, number>;
  /** Window restarts the seed drew (the page closed and opened between edits). */
  restarts: number;
  drain: number;
  ms: number;
  trace: string[];
  problems: string[];
}

export function formatBrowserResult(r: BrowserChaosResult): string {
  const kinds = BROWSER_COUNTED.map((kind) => `${kind}:${r.kinds[kind]}`).join(',');
  return (
    `browser seed=${r.seed} ops=${r.ops} faults=${r.faults} kinds=${kinds} lost=${r.lost} duplicates=${r.duplicates} ` +
    `converged=${r.converged ? 'yes' : 'no'} visible=${r.visible} refused=${r.refused} restarts=${r.restarts} drain=${r.drain} ` +
    `requests=${r.requests} ms=${r.ms} (real timers: the seed fixes the operations and fault positions, not the timing)`
  );
}

export function browserReplayCommand(options: Pick<BrowserChaosOptions, 'seed' | 'ops' | 'faults'>): string {
  return `npm run test:chaos -- --browser --seed ${options.seed} --ops ${options.ops} --faults ${options.faults} --trace`;
}

/** Bounds a step: a run that hangs fails with its trace instead of holding the suite. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The app's window: a page of the persistent profile, opened on the workspace. */
class ChaosWindow {
  page: Page | null = null;
  /** How far the machine's clock has jumped: a reopened page starts from there. */
  clockOffsetMs = 0;
  readonly context: BrowserContext;
  readonly url: string;
  readonly workspaceId: string;
  readonly trace: string[];
  constructor(context: BrowserContext, url: string, workspaceId: string, trace: string[]) {
    this.context = context;
    this.url = url;
    this.workspaceId = workspaceId;
    this.trace = trace;
  }

  async open(): Promise<void> {
    const page = await this.context.newPage();
    page.on('pageerror', (error) => this.trace.push(`page error: ${error.message}`));
    await page.goto(this.url);
    await page.waitForFunction(() => window.chaos !== undefined);
    await within(
      STEP_LIMIT_MS,
      'opening the workspace',
      page.evaluate(([id, offset]) => window.chaos!.open(id, offset), [this.workspaceId, this.clockOffsetMs] as const),
    );
    this.page = page;
  }

  /** Close and open again over the same profile: whatever the engine was doing dies with the page. */
  async reload(): Promise<void> {
    await this.page?.close();
    this.page = null;
    await this.open();
  }

  async jumpClock(ms: number): Promise<void> {
    this.clockOffsetMs += ms;
    await this.call('jumpClock', ms);
  }

  /** One call of the page's API (entry.ts); its answer is cloned back as data. */
  call<M extends keyof ChaosPage>(method: M, ...args: Parameters<ChaosPage[M]>): Promise<Awaited<ReturnType<ChaosPage[M]>>> {
    if (!this.page) throw new Error('chaos window: not open');
    return this.page.evaluate(([name, input]) => (window.chaos![name] as (...a: unknown[]) => unknown)(...input), [
      method,
      args as unknown[],
    ] as const) as Promise<Awaited<ReturnType<ChaosPage[M]>>>;
  }
}

/** The model's edits made in the page; the engine's refusals come back as EditError, as in Node. */
function remoteEdits(win: ChaosWindow): EditTarget {
  const settle = <T>(outcome: Outcome<T>): T => {
    if (outcome.ok) return outcome.value;
    if (outcome.editError) throw new EditError(outcome.editError.kind as EditErrorKind, outcome.editError.message, outcome.editError.issues);
    throw new Error(`in the page: ${outcome.message}`);
  };
  const edits = (resource: ResourceName) => ({
    create: async (input: unknown) => settle(await win.call('edit', resource, 'create', [input])) as string,
    update: async (clientId: string, patch: unknown) => {
      settle(await win.call('edit', resource, 'update', [clientId, patch]));
    },
    delete: async (clientId: string) => settle(await win.call('edit', resource, 'delete', [clientId])) as string | null,
  });
  return {
    links: edits('links'),
    domains: edits('domains'),
    handlers: edits('handlers'),
    createBulkLinks: async (urls, settings) => settle(await win.call('bulk', [...urls], { ...settings })),
  } as EditTarget;
}

export async function runBrowserChaos(options: BrowserChaosOptions): Promise<BrowserChaosResult> {
  const started = performance.now();
  const trace: string[] = [];
  const kinds = Object.fromEntries(BROWSER_COUNTED.map((kind) => [kind, 0])) as Record<BrowserCounted, number>;
  const cleanups: (() => Promise<unknown>)[] = [];
  let proxy: FaultProxy | null = null;
  const result = (fields: Partial<BrowserChaosResult>): BrowserChaosResult => ({
    seed: options.seed,
    ops: options.ops,
    refused: 0,
    faults: BROWSER_FAULT_KINDS.reduce((sum, kind) => sum + (proxy?.stats[kind] ?? 0), 0),
    kinds: { ...kinds },
    requests: proxy?.stats.requests ?? 0,
    lost: 0,
    duplicates: 0,
    converged: false,
    visible: 0,
    visibleKinds: {},
    restarts: 0,
    drain: 0,
    ms: Math.round(performance.now() - started),
    trace,
    problems: [],
    ...fields,
  });
  try {
    const key = `chaos-browser-key-${options.seed}`;
    const sandbox = await startSandbox({ keys: [key], rateLimit: null });
    cleanups.unshift(() => sandbox.close());
    const liveProxy = await startFaultProxy({
      target: sandbox.url,
      seed: options.seed,
      faultRate: 0,
      kinds: BROWSER_FAULT_KINDS,
      latencyMs: 500,
      resetSeconds: 1,
      onRequest: (event) => {
        const kind = event.fault?.kind as FaultKind | undefined;
        if (kind && kind !== 'main-restart') kinds[kind]++;
        trace.push(`  r${event.ordinal} ${event.method} ${event.path}${event.fault ? ` ${faultLabel(event.fault)}` : event.offline ? ' offline' : ''}`);
      },
    });
    proxy = liveProxy;
    cleanups.unshift(() => liveProxy.close());
    const data = await withTempDir();
    cleanups.push(data.cleanup);
    const agent = new Agent({ pipelining: 0 });
    cleanups.push(() => agent.close());
    const preview: RunningPreview = await startPreview({
      rendererDir: options.pageDir,
      dataDir: data.dir,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      dispatcher: agent,
      logError: (message) => trace.push(`main: ${message.slice(0, 300)}`),
    });
    cleanups.unshift(() => preview.close());
    const setup = createContractApi(routerBridge(preview.services, createEventHub()));
    const { id: workspaceId } = await setup.call('workspaces.add', { name: 'Chaos', baseUrl: liveProxy.url, apiKey: key });
    const profile = await withTempDir();
    cleanups.push(profile.cleanup);
    const context = await launchPersistentChromium(profile.dir);
    cleanups.unshift(() => context.close());
    const win = new ChaosWindow(context, preview.url, workspaceId, trace);
    await win.open();
    const direct = new ServiceClient({ baseUrl: sandbox.url, apiKey: key });
    return await drive(options, { win, proxy: liveProxy, direct, trace, kinds, started });
  } catch (error) {
    trace.push(`broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return result({ problems: [`the run broke: ${error instanceof Error ? error.message : String(error)}`] });
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

interface Run {
  win: ChaosWindow;
  proxy: FaultProxy;
  direct: ServiceClient;
  trace: string[];
  kinds: Record<BrowserCounted, number>;
  started: number;
}

const describeAction = (action: Action): string => {
  const { type, ...rest } = action;
  return `${type} ${JSON.stringify(rest)}`;
};

async function drive(options: BrowserChaosOptions, run: Run): Promise<BrowserChaosResult> {
  const { win, proxy, trace, kinds } = run;
  const model = new ChaosModel(options.seed);
  const edits = remoteEdits(win);
  const serverIdOf: ServerIdOf = (resource, clientId) => win.call('serverIdOf', resource, clientId);
  const reloads = options.reloads ?? DEFAULT_RELOADS;
  let refused = 0;
  let restarts = 0;
  let offlineLeft = 0;
  let ops = 0;
  const clock0 = performance.now();
  const at = () => `t=${Math.round(performance.now() - clock0)}`;
  proxy.setFaultRate(options.faults);
  for (const [index, action] of drawActions(options.seed, options.ops).entries()) {
    if (offlineLeft > 0 && --offlineLeft === 0) {
      proxy.setOffline(false);
      await win.call('notifyOnline');
    }
    let outcome = '';
    switch (action.type) {
      case 'offline':
        proxy.setOffline(true);
        offlineLeft = action.actions;
        break;
      case 'restart':
        await win.reload();
        restarts++;
        break;
      case 'wait':
        // A tenth of the Node runs' virtual seconds: real time is what this run spends.
        await sleep(action.seconds * 100);
        break;
      case 'sync':
        await within(STEP_LIMIT_MS, 'sync now', win.call('syncNow'));
        break;
      case 'second-writer': {
        const did = await model.writeElsewhere(serverIdOf, run.direct, action);
        if (did) kinds['second-writer']++;
        outcome = did ?? 'nothing';
        break;
      }
      case 'clock':
        await win.jumpClock(action.minutes * 60_000);
        kinds.clock++;
        break;
      default:
        ops++;
        outcome = await model.edit(edits, action).catch((error: unknown) => {
          if (!(error instanceof EditError)) throw error;
          refused++;
          return `refused ${error.kind}`;
        });
    }
    trace.push(`${at()} a${index} ${describeAction(action)}${outcome ? ` => ${outcome}` : ''}`);
    const random = draw(options.seed, 2, index);
    await sleep(50 + Math.floor(random() * 350));
    if (isEdit(action) && draw(options.seed, 6, index)() < reloads) {
      // The engine is pushing (or about to): the page goes away under it.
      await sleep(Math.floor(random() * 400));
      kinds.reload++;
      trace.push(`${at()} reload while the engine works`);
      await win.reload();
    }
  }
  return heal(model, { ...options, ops }, run, { refused, restarts, at });
}

async function heal(
  model: ChaosModel,
  options: BrowserChaosOptions,
  run: Run,
  counts: { refused: number; restarts: number; at: () => string },
): Promise<BrowserChaosResult> {
  const { win, proxy, trace, kinds } = run;
  proxy.setFaultRate(0);
  proxy.setOffline(false);
  trace.push(`${counts.at()} healed`);
  const cycle = () => within(STEP_LIMIT_MS, 'a healed sync cycle', win.call('cycle'));
  const snapshot = (): Promise<MirrorSnapshot> => win.call('snapshot');
  // As the Node runs let virtual hours pass while healing: the page's clock moves an hour ahead
  // before each cycle, so every op's backoff (notBefore) has run out (its timers stay real).
  const hourThenCycle = async () => {
    await win.jumpClock(3_600_000);
    await cycle();
  };
  await cycle();
  let drain = 0;
  for (; drain < 20; drain++) {
    const left = backlog(await snapshot());
    if (left.length === 0) break;
    trace.push(`${counts.at()} drain ${drain}: ${left.map((op) => `${op.kind} ${op.resource} ${op.state} attempts=${op.attempts}`).join('; ')}`);
    await hourThenCycle();
  }
  for (let i = 0; i < 2; i++) await hourThenCycle();
  const mirror = await snapshot();
  const truth = await serverTruth(run.direct);
  const convergence = convergenceOf(mirror, truth);
  const { lost, duplicates, problems } = checkModel(model, mirror.outbox, truth);
  problems.push(...convergence.differences, ...convergence.unsettled.map((op) => `unsettled ${op.kind} ${op.resource} ${op.state} ${op.error?.message ?? ''}`));
  problems.push(...unexplainedVisible(model, convergence.visible));
  problems.push(...trace.filter((line) => line.startsWith('page error:')));
  const visibleKinds: Record<string, number> = {};
  for (const op of convergence.visible) {
    const key = `${op.state}:${op.conflict?.type ?? op.error?.kind ?? '?'}`;
    visibleKinds[key] = (visibleKinds[key] ?? 0) + 1;
  }
  trace.push(`end lost=${lost} duplicates=${duplicates} visible=${JSON.stringify(visibleKinds)} problems=${problems.length}`);
  return {
    seed: options.seed,
    ops: options.ops,
    refused: counts.refused,
    faults: BROWSER_FAULT_KINDS.reduce((sum, kind) => sum + proxy.stats[kind], 0),
    kinds: { ...kinds },
    requests: proxy.stats.requests,
    lost,
    duplicates,
    converged: convergence.differences.length === 0 && convergence.unsettled.length === 0,
    visible: convergence.visible.length,
    visibleKinds,
    restarts: counts.restarts,
    drain,
    ms: Math.round(performance.now() - run.started),
    trace,
    problems,
  };
}

/** Ops that could still go out (not stopped in a visible state, not queued behind one). */
function backlog(mirror: MirrorSnapshot): OutboxOp[] {
  const blocked = blockedRows(mirror.outbox);
  return mirror.outbox.filter((op) => !blocked.has(op.rowId));
}
