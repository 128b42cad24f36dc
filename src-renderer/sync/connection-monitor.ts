// Whether the service can be reached, known within seconds rather than at the next full sync:
// any request's outcome says so at once; the system's offline/online events too; while offline a
// probe asks again with backoff capped at 30 s; while online and quiet a heartbeat asks every 30 s
// (only when the rate window has room for background work, so it never costs the user a request).
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
  /** A request reached the service. */
  reached(): void;
  /** A request could not reach it (offline, timeout): why, in words. */
  unreachable(message: string): void;
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

  const clear = (timer: unknown) => {
    if (timer !== null) clock.clearTimeout(timer);
  };

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
    try {
      const test = await options.api.call('workspaces.testConnection', { workspaceId: options.workspaceId });
      if (test.outcome === 'ok') {
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
      goOffline(test.message);
    } catch (error) {
      goOffline(error instanceof Error ? error.message : 'The service cannot be reached.');
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
    reached() {
      lastReachedAt = clock.now();
      if (store.getState().connection !== 'online') store.setState({ connection: 'online' });
      if (running && heartbeatTimer === null) scheduleHeartbeat();
    },
    unreachable: goOffline,
    systemOffline() {
      goOffline('This computer is offline.');
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
