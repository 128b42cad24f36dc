// One sync against a hostile service, in a worker with a small heap (hostile-listing.test.ts): a
// pull that builds every page number a lying total claims dies here of memory, not the test run.
import { parentPort, workerData } from 'node:worker_threads';
import { syncWorkspace } from '../support/hostile-listing.ts';

const { url, key } = workerData as { url: string; key: string };
parentPort!.postMessage(await syncWorkspace(url, key));
