// Whether the service can be reached, known within seconds rather than at the next full sync:
// any request's outcome says so at once; the system's offline/online events too; while offline a
// probe asks again with backoff capped at 30 s; while online and quiet a heartbeat asks every 30 s
// (only when the rate window has room for background work, so it never costs the user a request).
// Evidence is ordered by when its request left, not when it came back: an answer to a request sent
// before the service was found gone says nothing about now, and must not put "Online" back up
// (nothing would take it down again until the next heartbeat). A wrong "Offline" costs one probe.
import type { ContractApi } from '../contract/contract-client.ts';
import type { RateWindowView } from './budget.ts';
import { backoffDelay } from './outbox/backoff.ts';
import type { StatusStore } from './status-store.ts';
import type { Clock, RandomSource } from './types.ts';

/** The longest wait between two probes of a service that went away. */
export const PROBE_MAX_MS = 30_000;
/** How long "Online" may stand without anything having reached the service. */
export const HEARTBEAT_MS = 30_000;

export interface ConnectionMonitorOptions {
  workspaceId: string;
  api: ContractApi;
  store: StatusStore;
  clock: Clock;
  random: RandomSource;
  rateWindow: RateWindowView;
  /** 0 turns the heartbeat off (tests that count every request). */
  heartbeatMs?: number;
  /** The service answers again after an outage. */
  onReconnect: () => void;
  /** The probe found the key refused. */
  onKeyRefused: (message: string) => Promise<void>;
}

export interface ConnectionMonitor {
  start(): void;
  stop(): void;
  /** A request leaves now: its place in the order of sending, for reached/unreachable. */
  sending(): number;
  /** The request sent as `sent` reached the service. */
  reached(sent: number): void;
  /**
   * A request could not reach it (offline, timeout): why, in words. Without `sent` the evidence
   * is as of now (the pull gave up): every request already on its way is older.
   */
  unreachable(message: string, sent?: number): void;
  /** The system says this computer lost its network. */
  systemOffline(): void;
  /** The system says the network is back: ask now rather than at the next probe. */
  systemOnline(): void;
}

export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  const { clock, store } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let running = false;
  let probeTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  let probeAttempt = 0;
  let lastReachedAt = clock.now();
  let asking = false;
  let sends = 0;
  /** The newest evidence (by when its request left) that the service cannot be reached. */
  let lastFailedSend = 0;

  const clear = (timer: unknown) => {
    if (timer !== null) clock.clearTimeout(timer);
  };

  /** Whether an answer to the request sent as `sent` still says something about now. */
  const current = (sent: number) => sent > lastFailedSend;

  function unreachable(message: string, sent = ++sends): void {
    lastFailedSend = Math.max(lastFailedSend, sent);
    goOffline(message);
  }

  function goOffline(message: string): void {
    if (store.getState().connection !== 'offline') store.setState({ connection: 'offline', lastError: message });
    clear(heartbeatTimer);
    heartbeatTimer = null;
    if (running && probeTimer === null) scheduleProbe();
  }

  function scheduleProbe(): void {
    probeAttempt++;
    probeTimer = clock.setTimeout(() => void probe(), Math.min(PROBE_MAX_MS, backoffDelay(probeAttempt, options.random)));
  }

  function scheduleHeartbeat(): void {
    clear(heartbeatTimer);
    heartbeatTimer = null;
    if (!running || heartbeatMs <= 0) return;
    heartbeatTimer = clock.setTimeout(() => void heartbeat(), Math.max(1_000, lastReachedAt + heartbeatMs - clock.now()));
  }

  /** Online and quiet for a while: one cheap read confirms it, when the window can spare it. */
  async function heartbeat(): Promise<void> {
    heartbeatTimer = null;
    if (!running || store.getState().connection !== 'online' || store.getState().paused) return scheduleHeartbeat();
    if (clock.now() - lastReachedAt < heartbeatMs || options.rateWindow.available('background') <= 0) return scheduleHeartbeat();
    await ask();
    if (store.getState().connection === 'online') scheduleHeartbeat();
  }

  async function probe(): Promise<void> {
    probeTimer = null;
    if (!running) return;
    await ask();
    if (running && store.getState().connection === 'offline' && probeTimer === null) scheduleProbe();
  }

  /** One reachability check; its outcome moves the connection state. */
  async function ask(): Promise<void> {
    if (asking) return;
    asking = true;
    const wasOnline = store.getState().connection === 'online';
    const sent = ++sends;
    try {
      const test = await options.api.call('workspaces.testConnection', { workspaceId: options.workspaceId });
      if (test.outcome === 'ok') {
        // Something sent after this check found the service gone: the probe asks again.
        if (!current(sent)) return;
        lastReachedAt = clock.now();
        probeAttempt = 0;
        store.setState({ connection: 'online' });
        if (!wasOnline) options.onReconnect();
        return;
      }
      if (test.outcome === 'bad-key') {
        await options.onKeyRefused(test.message);
        return;
      }
      unreachable(test.message, sent);
    } catch (error) {
      unreachable(error instanceof Error ? error.message : 'The service cannot be reached.', sent);
    } finally {
      asking = false;
    }
  }

  return {
    start() {
      running = true;
      lastReachedAt = clock.now();
      scheduleHeartbeat();
    },
    stop() {
      running = false;
      clear(probeTimer);
      clear(heartbeatTimer);
      probeTimer = heartbeatTimer = null;
    },
    sending: () => ++sends,
    reached(sent) {
      if (!current(sent)) return;
      lastReachedAt = clock.now();
      if (store.getState().connection !== 'online') store.setState({ connection: 'online' });
      if (running && heartbeatTimer === null) scheduleHeartbeat();
    },
    unreachable,
    systemOffline() {
      unreachable('This computer is offline.');
    },
    systemOnline() {
      if (!running) return;
      clear(probeTimer);
      probeTimer = null;
      probeAttempt = 0;
      void probe();
    },
  };
}
