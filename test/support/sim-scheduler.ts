// Runs the renderer, main and the service as one deterministic program for the chaos suite.
//
// The renderer's only ways out are its contract calls and its clock, so both go through here:
// every call waits in a queue until the renderer is quiet (nothing left to do but wait for an
// answer or a timer), then main runs it alone, and its answer comes back as a virtual-clock timer
// after a seeded latency. Real I/O then never races the renderer: what happens between two
// answers depends only on the seed. "Quiet" is told by counting setImmediate callbacks, the
// macrotask fake-indexeddb and Dexie schedule every step with (microtasks drain before each).
import type { CallResult, LinkdockBridge } from '../../src-preload/contract/index.ts';
import type { SimClock } from './sim-clock.ts';

export interface SimCall {
  id: number;
  /** The renderer generation that made it (a reload starts a new one). */
  gen: number;
  name: string;
  input: unknown;
  resolve(result: CallResult): void;
}

/** Main died with the call: its caller never hears back. */
export const DROPPED = Symbol('dropped');

export interface SchedulerHooks {
  /** Runs the call in main; DROPPED when main is gone or dies meanwhile. */
  execute(call: SimCall): Promise<CallResult | typeof DROPPED>;
  /** Virtual ms until the answer is back in the renderer. */
  latency(call: SimCall): number;
  /** Dead generations (reloaded, killed) never hear back. */
  alive(gen: number): boolean;
  trace(line: string): void;
}

/** Counts setImmediate callbacks queued and not yet run; restore() puts the originals back. */
export function countImmediates(): { pending(): number; tick(): Promise<void>; restore(): void } {
  const realSet = globalThis.setImmediate;
  const realClear = globalThis.clearImmediate;
  const live = new Set<unknown>();
  const counted = (fn: (...args: unknown[]) => void, ...args: unknown[]) => {
    const handle = realSet(() => {
      live.delete(handle);
      fn(...args);
    });
    live.add(handle);
    return handle;
  };
  globalThis.setImmediate = counted as unknown as typeof setImmediate;
  globalThis.clearImmediate = ((handle: NodeJS.Immediate) => {
    live.delete(handle);
    realClear(handle);
  }) as typeof clearImmediate;
  return {
    pending: () => live.size,
    tick: () => new Promise<void>((resolve) => realSet(resolve)),
    restore() {
      globalThis.setImmediate = realSet;
      globalThis.clearImmediate = realClear;
    },
  };
}

/** A short, stable digest for the trace (FNV-1a). */
export function digest(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A call's input without what differs between runs (the workspace and listing ids main generated). */
function stableInput(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const { workspaceId: _id, listingId: _listing, ...rest } = input as Record<string, unknown>;
  return rest;
}

export class SimScheduler {
  readonly clock: SimClock;
  readonly #hooks: SchedulerHooks;
  readonly #immediates: ReturnType<typeof countImmediates>;
  readonly #queue: SimCall[] = [];
  #nextCall = 0;
  #onHold: (() => void) | null = null;

  constructor(clock: SimClock, hooks: SchedulerHooks) {
    this.clock = clock;
    this.#hooks = hooks;
    this.#immediates = countImmediates();
  }

  dispose(): void {
    this.#immediates.restore();
  }

  /** The preload bridge of one renderer generation: calls queue here, events come from its main. */
  bridge(gen: number, subscribe: LinkdockBridge['subscribe']): LinkdockBridge {
    return {
      invoke: (name, input) =>
        new Promise<CallResult>((resolve) => {
          // Cloned both ways, as IPC does.
          this.#queue.push({ id: ++this.#nextCall, gen, name, input: structuredClone(input), resolve });
        }),
      subscribe,
    };
  }

  /** The proxy holds the running call's request: main waits for its own timeout (or dies). */
  held(): void {
    this.#onHold?.();
  }

  /** Resolves once nothing in the process is scheduled but timers and the queued calls. */
  async quiet(): Promise<void> {
    for (;;) {
      await this.#immediates.tick();
      if (this.#immediates.pending() === 0) return;
    }
  }

  /** Runs for `ms` of virtual time: queued calls go to main, due timers fire, in order. */
  async runFor(ms: number, stop: () => boolean = () => false): Promise<void> {
    const end = this.clock.mono() + ms;
    for (;;) {
      await this.quiet();
      if (stop()) return;
      if (this.#queue.length > 0) {
        await this.#executeNext();
        continue;
      }
      const due = this.clock.nextDue();
      if (due === null || due > end) break;
      this.clock.fireNext();
    }
    this.clock.advanceTo(end);
  }

  /**
   * Runs until `promise` settles (or `stop()`), letting time pass as far as it must. Returns
   * whether it settled.
   */
  async drive(promise: Promise<unknown>, stop: () => boolean = () => false, limitMs = 6 * 3_600_000): Promise<boolean> {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    const limit = this.clock.mono() + limitMs;
    for (;;) {
      await this.quiet();
      if (settled) return true;
      if (stop()) return false;
      if (this.#queue.length > 0) {
        await this.#executeNext();
        continue;
      }
      const due = this.clock.nextDue();
      if (due === null || due > limit) throw new Error(`stuck at t=${this.clock.mono()}: waiting with no call queued and no timer before the limit`);
      this.clock.fireNext();
    }
  }

  async #executeNext(): Promise<void> {
    const call = this.#queue.shift()!;
    const t = this.clock.mono();
    let outcome: { value: CallResult | typeof DROPPED } | null = null;
    const held = new Promise<void>((resolve) => (this.#onHold = resolve));
    const done = this.#hooks.execute(call).then((value) => {
      outcome = { value };
    });
    await Promise.race([done, held]);
    // Held by the proxy: virtual time passes (renderer timers fire, answers arrive) until main's
    // request timeout ends the call.
    while (outcome === null) {
      const owner = this.clock.fireNext();
      if (owner === null) throw new Error(`call ${call.name} is held with no timer to end it`);
      if (owner === 'main') await done;
      else await this.quiet();
    }
    this.#onHold = null;
    const value = (outcome as { value: CallResult | typeof DROPPED }).value;
    const result = value === DROPPED ? 'dropped' : value.ok ? 'ok' : `err:${value.error.kind}`;
    this.#hooks.trace(`t=${t} c${call.id} g${call.gen} ${call.name} ${digest(stableInput(call.input))} -> ${result}`);
    if (value === DROPPED) return;
    this.clock.as('harness').setTimeout(() => {
      if (this.#hooks.alive(call.gen)) call.resolve(structuredClone(value));
    }, this.#hooks.latency(call));
  }
}
