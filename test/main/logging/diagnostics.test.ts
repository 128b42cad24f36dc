// Help → Copy Diagnostics and the `app.diagnostics` call: versions, system, workspace and pending
// counts, last errors; no key, no workspace address or name.
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src-main/logging/app-log.ts';
import { buildDiagnostics } from '../../../src-main/logging/diagnostics.ts';
import type { MainServices, MainServicesOptions } from '../../../src-main/main-services.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { captureLogger } from './capture.ts';

const KEY = 'diagnostics-key-3e9b0a4c-2d1f-4c88-a7e6';
const VERSIONS = { app: '0.1.0', electron: '45.4.1', chrome: '142.0.7444.52', node: '24.11.0' };

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await withTempDir()));
afterEach(() => cleanup());

const start = (extra: Partial<MainServicesOptions> = {}): Promise<MainServices> => testMainServices(dir, extra);

async function diagnosticsOf(services: MainServices): Promise<string> {
  const result = await services.router.handle('app.diagnostics', {}, true);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return (result.value as { text: string }).text;
}

describe('diagnostics', () => {
  it('says versions, system, workspace and pending counts and the last errors, with no key, name or address', async () => {
    const logger = captureLogger();
    const services = await start({
      log: createAppLog({ logger }),
      versions: VERSIONS,
      pendingCounts: (id) => (id === first ? { pending: 3, problems: 1, online: false } : null),
    });
    const add = async (name: string, baseUrl: string) => {
      const added = await services.router.handle('workspaces.add', { name, baseUrl, apiKey: KEY }, true);
      if (!added.ok) throw new Error(JSON.stringify(added.error));
      return (added.value as { id: string }).id;
    };
    const first = await add('Acme secret project', 'https://links.acme.example/s/');
    await add('Other', 'http://127.0.0.1:4999/');
    // An error that carries the key, as a service's echo would: the vault's keys are cleaned from the log.
    services.log.error('links.list', new Error(`refused key ${KEY}`));

    const text = await diagnosticsOf(services);
    expect(text).toContain('Linkdock 0.1.0, Electron 45.4.1, Chrome 142.0.7444.52, Node 24.11.0');
    expect(text).toMatch(new RegExp(`System: ${process.platform} \\S+ \\(${process.arch}\\)`));
    expect(text).toContain('Workspaces: 2');
    expect(text).toContain('  1. service: 3 pending, 1 failed or in conflict, offline');
    expect(text).toContain('  2. service: no counts reported yet');
    expect(text).toMatch(/Last errors \(1, oldest first\):\n {2}\d{4}-\d\d-\d\dT[\d:.]+Z links\.list: Error: refused key \[redacted\]\n\s+at /);
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/acme|Other|127\.0\.0\.1:4999/i);
    expect(logger.text()).not.toContain(KEY);
  });

  it('says so where main does not know the pending counts (the web preview)', async () => {
    const services = await start();
    const text = await diagnosticsOf(services);
    expect(text).toContain(`Node ${process.versions.node}`);
    expect(text).toContain('Workspaces: 0');
    expect(text).toContain('Pending counts: not known here');
    expect(text).toContain('Last errors: none since the app started.');
    expect(text).not.toContain('Crash dumps');
  });

  it("names the crash dumps' folder (home written ~) where the crash reporter runs", async () => {
    const services = await start({ crashDumpsDir: path.join(os.homedir(), '.config', 'Linkdock', 'Crashpad') });
    const text = await diagnosticsOf(services);
    expect(text).toContain(`Crash dumps (kept on this computer, never uploaded): ${path.join('~', '.config', 'Linkdock', 'Crashpad')}`);
  });

  it('cleans a key, URL credentials and the home folder out of any line handed in', () => {
    const text = buildDiagnostics({
      now: 0,
      versions: { app: KEY, node: '24' },
      os: { platform: 'linux', release: '6', arch: 'x64' },
      workspaces: [{ sandbox: true }],
      pending: [{ pending: 0, problems: 0, online: true }],
      recentErrors: [{ at: 0, line: `GET https://user:pw@example.com/ Bearer ${KEY}\n    at run (/home/alice/app/main.js:1:2)` }],
      secrets: [KEY],
      home: '/home/alice',
    });
    expect(text).toContain('at run (~/app/main.js:1:2)');
    expect(text).not.toContain('alice');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('user:pw');
    expect(text).toContain('  1. sandbox: 0 pending, 0 failed or in conflict, online');
  });
});
