// Requests through the real sandbox, as main makes them for the renderer, end up in the log as
// method, path, status and duration; the API key appears in no line, whatever happens.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src-main/logging/app-log.ts';
import type { MainServices } from '../../../src-main/main-services.ts';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/index.ts';
import type { CallResult } from '../../../src-preload/contract/index.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { captureLogger } from './capture.ts';

const KEY = 'request-log-key-8d1f2c3b-7a6e-4f50-b1c9';

let sandbox: RunningSandbox;
let dir: string;
let cleanup: () => Promise<void>;
let logger: ReturnType<typeof captureLogger>;
let services: MainServices;

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [KEY], demo: true });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  ({ dir, cleanup } = await withTempDir());
  logger = captureLogger();
  // No secrets given here: the log must hold no key because none is ever handed to it, not only because it is redacted.
  services = await testMainServices(dir, {
    log: createAppLog({ logger }),
  });
});
afterEach(() => cleanup());

const call = (name: string, input: unknown): Promise<CallResult> => services.router.handle(name, input, true);
async function addWorkspace(baseUrl = sandbox.url, apiKey = KEY): Promise<string> {
  const added = await call('workspaces.add', { name: 'Logged', baseUrl, apiKey });
  if (!added.ok) throw new Error(JSON.stringify(added.error));
  return (added.value as { id: string }).id;
}
const requestLines = () => logger.lines.filter((l) => l.line.startsWith('request '));

describe('request outcomes in the log', () => {
  it('logs a list, a read of a missing link and a connection test with method, path, status and duration, never the key', async () => {
    const workspaceId = await addWorkspace();
    expect((await call('links.list', { workspaceId, page: 1, resultsPerPage: 10 })).ok).toBe(true);
    expect((await call('links.get', { workspaceId, id: 999_999 })).ok).toBe(false);
    expect((await call('workspaces.testConnection', { baseUrl: sandbox.url, apiKey: KEY })).ok).toBe(true);

    const lines = requestLines();
    expect(lines.map((l) => l.line)).toEqual([
      expect.stringMatching(/^request GET \/api\/links\/ 200 \d+ ms \(list links\)$/),
      expect.stringMatching(/^request GET \/api\/links\/999999 404 \d+ ms \(read links\)$/),
      expect.stringMatching(/^request GET \/api\/domains\/ 200 \d+ ms \(probe domains\)$/),
    ]);
    expect(lines.map((l) => l.level)).toEqual(['info', 'info', 'info']);
    // The query (page, results per page) is left out; so is the body of every answer.
    expect(logger.text()).not.toMatch(/results_per_page|"data"|location_url/);
    expect(logger.text()).not.toContain(KEY);
    expect(logger.text()).not.toContain(encodeURIComponent(KEY));
  });

  it('logs a refused key and an unreachable service without the key', async () => {
    const wrong = `${KEY}-wrong`;
    expect((await call('workspaces.testConnection', { baseUrl: sandbox.url, apiKey: wrong })).ok).toBe(true);
    const closed = await startSandbox({ keys: [KEY] });
    const closedUrl = closed.url;
    await closed.close();
    const workspaceId = await addWorkspace(closedUrl);
    expect((await call('links.list', { workspaceId })).ok).toBe(false);

    expect(requestLines()).toEqual([
      { level: 'info', line: expect.stringMatching(/^request GET \/api\/domains\/ 401 \d+ ms \(probe domains\)$/) },
      { level: 'warn', line: expect.stringMatching(/^request GET \/api\/links\/ no answer \(offline\) \d+ ms \(list links\)$/) },
    ]);
    expect(logger.text()).not.toContain(KEY);
  });

  it('logs the sync problems the window reports, cleaned of any key in them', async () => {
    const workspaceId = await addWorkspace();
    const reported = await call('notify.syncProblem', { kind: 'key-refused', workspaceId, title: `The service refused ${KEY}`, body: 'secret body' });
    expect(reported.ok).toBe(true);
    expect(logger.lines.filter((l) => l.line.startsWith('sync problem'))).toEqual([
      { level: 'warn', line: `sync problem (key-refused) in workspace ${workspaceId}: The service refused [redacted]` },
    ]);
    expect(logger.text()).not.toContain('secret body');
  });
});
