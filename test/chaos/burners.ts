// CPU burners for the chaos suite's long run (`npm run test:chaos -- --burners N|auto`): N worker
// threads that spin for the whole run, so the run meets the timing of a machine whose cores are
// busy. Threads, not processes: they end with the run's process whatever way it ends.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

// Tells the parent it runs, then spins until terminated.
const SPIN = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage('spinning');
let x = 1;
for (;;) x = (Math.imul(x, 1103515245) + 12345) | 0;
`;

export interface Burners {
  count: number;
  /** Threads still running (0 once stop() resolved). */
  running(): number;
  stop(): Promise<void>;
}

/** `auto` is the machine's core count; otherwise a whole number from 0 to 256. Null when invalid. */
export function parseBurners(value: string | undefined): number | null {
  if (value === undefined) return 0;
  if (value === 'auto') return availableParallelism();
  return /^\d{1,3}$/.test(value) && Number(value) <= 256 ? Number(value) : null;
}

/** Starts `count` spinning threads; resolves once every one of them runs. */
export async function startBurners(count: number): Promise<Burners> {
  const workers = Array.from({ length: count }, () => new Worker(SPIN, { eval: true }));
  let running = count;
  const exits = workers.map((worker) => new Promise<void>((resolve) => worker.once('exit', () => (running--, resolve()))));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('message', () => resolve());
            worker.once('error', reject);
          }),
      ),
    );
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.terminate()));
    throw error;
  }
  return {
    count,
    running: () => running,
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
      await Promise.all(exits);
    },
  };
}
