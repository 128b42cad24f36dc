// The deterministic stack of one chaos run: the sandbox behind the fault proxy, main's services
// and the renderer's engine, all on one virtual clock and one scheduler (test/support/sim-*.ts).
// It owns what dies and comes back: a renderer reload (a new generation over the same
// IndexedDB; main carries its writes on) and a main-process death (the app goes with it; a new
// main over the same user data). Faults are decided by position: the n-th request, the n-th
// mirror write.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { Agent } from 'undici';
import type { MainServices } from '../../src-main/main-services.ts';
import type { CallResult } from '../../src-preload/contract/index.ts';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { createContractApi } from '../../src-renderer/contract/contract-client.ts';
import { openWorkspaceSync, type WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../src-renderer/sync/locks.ts';
import { openMirrorDb, type MirrorDb } from '../../src-renderer/sync/mirror/db.ts';
import { SYNC_QUOTA_MESSAGE } from '../../src-renderer/sync/outbox/classify.ts';
import { faultLabel, seededRandom, startFaultProxy, type FaultProxy, type ProxyRequestEvent } from '../support/fault-proxy.ts';
import { simClock, type SimClock } from '../support/sim-clock.ts';
import { DROPPED, SimScheduler, type SimCall } from '../support/sim-scheduler.ts';
import { createEventHub, newIndexedDb, routerBridge } from '../support/sync-harness.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';

/** Every fault kind a run counts, in the order the result line prints them. */
export const COUNTED_KINDS = [
  'reset',
  'timeout',
  'cut',
  'html',
  'error200',
  '429',
  'main-restart',
  'reload',
  'second-writer',
  'clock',
  'quota',
  'drop-request',
  'drop-response',
  '5xx-before',
  '5xx-after',
  'latency',
] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

export interface StackOptions {
  seed: number;
  /** Share of requests that meet a fault. */
  faults: number;
  /** Share of mirror writes that die with a renderer reload, or find the disk full. */
  reloads: number;
  quota: number;
  editDelayMs?: number;
  intervalMs?: number;
  /** Links on the service before the app first syncs (bulk-created): over 1,000, a links listing has pages main reads for it. */
  linksBefore?: number;
}

export interface Generation {
  id: number;
  epoch: number;
  db: MirrorDb;
  /** Set once it opened (a main dying meanwhile takes the opening generation with it). */
  ws?: WorkspaceSync;
  alive: boolean;
}

interface MainEpoch {
  id: number;
  services: MainServices;
  hub: ReturnType<typeof createEventHub>;
  alive: boolean;
}

class Killed extends Error {
  constructor() {
    super('the renderer reloaded here');
    this.name = 'Killed';
  }
}

/** A seed's own stream for one purpose and position: decisions do not shift when others change. */
export const draw = (seed: number, stream: number, position: number) =>
  seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(stream, 0xc2b2ae35) ^ Math.imul(position, 0x27d4eb2f)) >>> 0);

/** Client ids: UUIDs from the seed, so rows sort the same way in every run. */
function seededUuids(seed: number): () => string {
  let n = 0;
  return () => {
    const random = draw(seed, 7, ++n);
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}

export class ChaosStack {
  readonly clock: SimClock = simClock();
  readonly scheduler: SimScheduler;
  readonly trace: string[] = [];
  readonly counts = Object.fromEntries(COUNTED_KINDS.map((kind) => [kind, 0])) as Record<CountedKind, number>;
  sandbox!: RunningSandbox;
  proxy!: FaultProxy;
  direct!: ServiceClient;
  workspaceId = '';
  gen!: Generation;
  /** Set while the harness waits for one of the user's edits (a quota hit there must reach the user). */
  userEditing = false;
  readonly #options: StackOptions;
  readonly #idb = newIndexedDb();
  readonly #newId: () => string;
  readonly #gens = new Map<number, Generation>();
  readonly #cleanups: (() => Promise<unknown>)[] = [];
  #epoch!: MainEpoch;
  #userDataDir = '';
  #key = '';
  #agent = new Agent({ pipelining: 0 });
  #dbFaults = true;
  #mutations = 0;
  #callFaults: ProxyRequestEvent[] = [];
  /** An engine write the disk refused, not yet told to the user. */
  #untold: { gen: Generation; position: number } | null = null;

  private constructor(options: StackOptions) {
    this.#options = options;
    this.#newId = seededUuids(options.seed);
    this.scheduler = new SimScheduler(this.clock, {
      execute: (call) => this.#execute(call),
      latency: (call) => this.#latency(call),
      alive: (gen) => this.#gens.get(gen)?.alive ?? false,
      trace: (line) => this.trace.push(line),
    });
  }

  static async start(options: StackOptions): Promise<ChaosStack> {
    const stack = new ChaosStack(options);
    try {
      await stack.#start();
    } catch (error) {
      await stack.close();
      throw error;
    }
    return stack;
  }

  async #start(): Promise<void> {
    const { seed } = this.#options;
    this.#key = `chaos-key-${seed}`;
    this.sandbox = await startSandbox({ keys: [this.#key], rateLimit: null, now: () => new Date(this.clock.serverNow()) });
    this.#cleanups.push(() => this.sandbox.close());
    this.proxy = await startFaultProxy({
      target: this.sandbox.url,
      seed,
      faultRate: 0,
      latencyMs: 0, // virtual: #latency adds it
      resetSeconds: 5,
      onRequest: (event) => this.#onRequest(event),
      onHold: (event) => (event.fault?.kind === 'main-restart' ? this.#killMain() : this.scheduler.held()),
    });
    this.#cleanups.unshift(() => this.proxy.close());
    const temp = await withTempDir();
    this.#cleanups.push(temp.cleanup);
    this.#cleanups.push(() => this.#agent.close());
    this.#userDataDir = temp.dir;
    this.direct = new ServiceClient({ baseUrl: this.sandbox.url, apiKey: this.#key });
    for (let made = 0; made < (this.#options.linksBefore ?? 0); made += 1000) {
      const count = Math.min(1000, (this.#options.linksBefore ?? 0) - made);
      const urls = Array.from({ length: count }, (_, i) => `https://before.example/${seed}/${made + i}`);
      await this.direct.resource('links').create({ is_bulk: true, location_urls: urls.join('\n') });
    }
    this.#epoch = await this.#newMain(1);
    const setup = createContractApi(routerBridge(this.#epoch.services, this.#epoch.hub));
    const info = await setup.call('workspaces.add', { name: 'Chaos', baseUrl: this.proxy.url, apiKey: this.#key });
    this.workspaceId = info.id;
    await this.#openGeneration();
  }

  get ws(): WorkspaceSync {
    return this.gen.ws!;
  }

  /** Faults on or off (healing turns them off). */
  setFaults(on: boolean): void {
    this.proxy.setFaultRate(on ? this.#options.faults : 0);
    this.#dbFaults = on;
  }

  /**
   * A full disk on the engine's write that the user was not told of, once the engine is done
   * with the cycle it hit (a renderer that died since could not tell: that is no failure).
   */
  untoldQuota(): string | null {
    const untold = this.#untold;
    if (!untold || !untold.gen.alive || !untold.gen.ws || untold.gen.ws.store.getState().syncing) return null;
    this.#untold = null;
    return `disk full at the engine's write m${untold.position}, the user was not told (status: ${untold.gen.ws.store.getState().lastError})`;
  }

  /** After a reload or a main death: the app comes back over the same mirror (and user data). */
  async ensureAlive(): Promise<void> {
    // Main may die again while the renderer opens (its start cycle resends what was in flight).
    while (!this.gen.alive || !this.#epoch.alive) {
      if (!this.#epoch.alive) {
        this.#epoch = await this.#newMain(this.#epoch.id + 1);
        this.trace.push(`t=${this.clock.mono()} main e${this.#epoch.id} started`);
      }
      await this.#openGeneration();
    }
  }

  /** The user restarts the app's window (a reload between edits). */
  async restartRenderer(): Promise<void> {
    this.#kill(this.gen, 'restart');
    await this.ensureAlive();
  }

  async close(): Promise<void> {
    for (const gen of this.#gens.values()) {
      gen.ws?.close();
      gen.db.close();
    }
    this.scheduler.dispose();
    for (const cleanup of this.#cleanups) await cleanup().catch(() => undefined);
  }

  async #newMain(id: number): Promise<MainEpoch> {
    const hub = createEventHub();
    const services = await testMainServices(this.#userDataDir, {
      emit: (event, payload) => hub.emit(event, payload),
      dispatcher: this.#agent,
      clock: this.clock.as('main'),
      // Main's I/O only inside a call (sim-scheduler.ts): listings read while the renderer asks.
      listingReadAhead: false,
    });
    return { id, services, hub, alive: true };
  }

  async #openGeneration(): Promise<void> {
    const previous = this.gen as Generation | undefined;
    previous?.ws?.close();
    previous?.db.close();
    const id = (previous?.id ?? 0) + 1;
    const epoch = this.#epoch;
    const bridge = this.scheduler.bridge(id, (event, listener) => epoch.hub.subscribe(event, listener));
    const db = openMirrorDb(this.workspaceId, this.#idb);
    const gen: Generation = { id, epoch: epoch.id, db, alive: true };
    db.use(this.#faultMiddleware(gen));
    this.#gens.set(id, gen);
    this.gen = gen;
    const opening = openWorkspaceSync({
      workspaceId: this.workspaceId,
      api: createContractApi(bridge),
      db,
      storage: null,
      locks: createLocalLockManager(),
      handleShortenRequests: false,
      clock: this.clock,
      random: draw(this.#options.seed, 3, id),
      newId: this.#newId,
      editDelayMs: this.#options.editDelayMs ?? 300,
      // Periodic pulls every 10 virtual minutes; restarts and reconnects pull as well.
      intervalMs: this.#options.intervalMs ?? 600_000,
      // The engine's log lines would be calls through the scheduled bridge, moving every later
      // call's position; what they say is not what the chaos run checks.
      log: () => undefined,
    });
    if (!(await this.scheduler.drive(opening, () => !gen.alive))) return;
    gen.ws = await opening;
    const told = (state: { lastError: string | null }) => {
      if (state.lastError !== SYNC_QUOTA_MESSAGE || this.#untold?.gen !== gen) return;
      this.trace.push(`t=${this.clock.mono()} the user was told: disk full (write m${this.#untold.position})`);
      this.#untold = null;
    };
    // Its first cycle may have hit the full disk, and said so, while it opened.
    told(gen.ws.store.getState());
    gen.ws.store.subscribe(told);
    this.trace.push(`t=${this.clock.mono()} renderer g${id} opened`);
  }

  #kill(gen: Generation, why: string): void {
    if (!gen.alive) return;
    gen.alive = false;
    // Its timers die with it; its database handle is closed when the next generation opens.
    gen.ws?.engine.stop();
    this.trace.push(`t=${this.clock.mono()} renderer g${gen.id} ${why}`);
  }

  /** Main dies with the request the proxy holds: the app goes with it. */
  #killMain(): void {
    const epoch = this.#epoch;
    epoch.alive = false;
    this.counts['main-restart']++;
    this.trace.push(`t=${this.clock.mono()} main e${epoch.id} died`);
    this.#kill(this.gen, 'died with main');
    this.proxy.releaseHeld();
  }

  #execute(call: SimCall): Promise<CallResult | typeof DROPPED> {
    const epoch = this.#epoch;
    const gen = this.#gens.get(call.gen);
    this.#callFaults = [];
    if (!epoch.alive || gen?.epoch !== epoch.id) return Promise.resolve(DROPPED);
    // A main that died meanwhile answers no one; its request settles (the proxy dropped it) before time goes on.
    return epoch.services.router.handle(call.name, call.input, true).then(
      (value): CallResult | typeof DROPPED => (epoch.alive ? value : DROPPED),
      () => DROPPED,
    );
  }

  #latency(call: SimCall): number {
    const random = draw(this.#options.seed, 1, call.id);
    let ms = 10 + Math.floor(random() * 190);
    for (const event of this.#callFaults) if (event.fault?.kind === 'latency') ms += 2_000 + Math.floor(random() * 6_000);
    return ms;
  }

  #onRequest(event: ProxyRequestEvent): void {
    this.#callFaults.push(event);
    const fault = event.fault ? ` ${faultLabel(event.fault)}` : event.offline ? ' offline' : '';
    this.trace.push(`  r${event.ordinal} ${event.method} ${event.path}${fault}`);
    const kind = event.fault?.kind;
    if (kind && kind !== 'main-restart') this.counts[kind]++;
  }

  /** Reload or full disk at the n-th mirror write, by the seed. */
  #faultMiddleware(gen: Generation): Middleware<DBCore> {
    return {
      stack: 'dbcore',
      name: 'chaos-faults',
      create: (down) => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name);
          return {
            ...table,
            mutate: (request: DBCoreMutateRequest) => {
              const fault = this.#dbFault(gen, name);
              return fault ? Promise.reject(fault) : table.mutate(request);
            },
          };
        },
      }),
    };
  }

  #dbFault(gen: Generation, table: string): Error | null {
    // A reloaded renderer writes nothing more (its transactions die with it).
    if (!gen.alive) return new Killed();
    if (!this.#dbFaults) return null;
    const position = ++this.#mutations;
    const x = draw(this.#options.seed, 5, position)();
    if (x < this.#options.reloads) {
      this.counts.reload++;
      this.#kill(gen, `reloaded at write m${position} (${table}${this.userEditing ? ', user edit' : ''})`);
      return new Killed();
    }
    if (x < this.#options.reloads + this.#options.quota) {
      this.counts.quota++;
      if (!this.userEditing && !this.#untold) {
        // The engine's own write: the user must hear of it (a user's edit throws to them instead).
        // What the status said before is cleared, so the message seen next is about this one.
        this.#untold = { gen, position };
        gen.ws?.store.setState({ lastError: null });
      }
      this.trace.push(`t=${this.clock.mono()} quota at write m${position} (${table}${this.userEditing ? ', user edit' : ''})`);
      return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return null;
  }
}
