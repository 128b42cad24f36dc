// The embedded sandbox service: on first run (no workspace at all) main starts it on 127.0.0.1 with
// demo data and adds a "Sandbox" workspace, so a fresh install shows a working app. Later runs start
// it again for an existing sandbox workspace, on its last port when free so copied short URLs keep
// working, else on a random port with the workspace's base URL updated.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { RunningSandbox, SandboxOptions } from '../sandbox/index.ts';
import { pruneSetAside, setAsideDatabase } from './sandbox-set-aside.ts';

/** What the embedded sandbox (and the desktop shell) need of the workspace service (the real one in the app). */
export interface SandboxWorkspaces {
  list(): Promise<{ id: string; name: string; baseUrl: string; sandbox: boolean }[]>;
  add(input: { name: string; baseUrl: string; apiKey: string; acceptWeakEncryption?: boolean }, options: { sandbox?: boolean }): Promise<{ id: string }>;
  /** `apiKey`: a new port is a new origin, and a key goes only to the origin it is stored for. */
  setBaseUrl(workspaceId: string, baseUrl: string, change: { apiKey: string; acceptWeakEncryption: boolean }): Promise<unknown>;
  setKey(workspaceId: string, apiKey: string, acceptWeak: boolean): Promise<unknown>;
}

export interface EmbeddedSandboxDeps {
  userDataDir: string;
  workspaces: SandboxWorkspaces;
  /** Reads a workspace's key from the vault (null when none is stored). */
  getKey(workspaceId: string): Promise<string | null>;
  startSandbox(options: SandboxOptions): Promise<RunningSandbox>;
  /** Whether the first-run sandbox was already made once (deleting it is then respected). */
  alreadyCreated: boolean;
  /** The user asked for it back: made whatever other workspaces exist. */
  restore?: boolean;
  markCreated(): Promise<void>;
  /** Tests use ':memory:'; the app keeps sandbox.sqlite in the user data folder. */
  dataFile?: string;
  newKey?: () => string;
  /** When set-aside databases were made and are judged old (default the system's clock). */
  now?: () => number;
}

export interface EmbeddedSandbox {
  workspaceId: string;
  running: RunningSandbox;
  /** How it started: made now, on its last port, or moved to a new one. */
  outcome: 'created' | 'same-port' | 'moved';
}

export const SANDBOX_WORKSPACE_NAME = 'Sandbox';

function sandboxKey(): string {
  return `sbx_${randomBytes(24).toString('base64url')}`;
}

function portOf(baseUrl: string): number {
  if (!URL.canParse(baseUrl)) return 0;
  const url = new URL(baseUrl);
  const port = Number(url.port);
  return url.hostname === '127.0.0.1' && Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
}

/** Starts the sandbox when the app has (or should get) a sandbox workspace; null when it has none. */
export async function startEmbeddedSandbox(deps: EmbeddedSandboxDeps): Promise<EmbeddedSandbox | null> {
  const dataFile = deps.dataFile ?? path.join(deps.userDataDir, 'sandbox.sqlite');
  const newKey = deps.newKey ?? sandboxKey;
  // Databases of removed Sandbox workspaces are kept a week at most.
  if (dataFile !== ':memory:') await pruneSetAside(dataFile, (deps.now ?? Date.now)());
  const list = await deps.workspaces.list();
  const existing = list.find((workspace) => workspace.sandbox);

  if (!existing) {
    if (!deps.restore && (list.length > 0 || deps.alreadyCreated)) return null;
    const apiKey = newKey();
    // `demo` also gives the new account the sandbox's demo time zone (Europe/Berlin, not UTC), so
    // the app's schedule dates take the time-zone path a real account's do.
    const running = await deps.startSandbox({ host: '127.0.0.1', port: 0, keys: [apiKey], dataFile, demo: true });
    try {
      // A loopback-only demo key for data that lives on this machine anyway: storing it where the
      // system only obfuscates keys (Linux basic_text) is acceptable without asking the user.
      const workspace = await deps.workspaces.add(
        { name: SANDBOX_WORKSPACE_NAME, baseUrl: running.url, apiKey, acceptWeakEncryption: true },
        { sandbox: true },
      );
      await deps.markCreated();
      return { workspaceId: workspace.id, running, outcome: 'created' };
    } catch (error) {
      await running.close();
      throw error;
    }
  }

  let apiKey = await deps.getKey(existing.id);
  // Demo data only goes into a new account: a user who emptied the sandbox keeps it empty.
  const demo = apiKey === null;
  if (apiKey === null) {
    // The key is gone (vault wiped): a new key is a new, empty sandbox account, refilled with demo data.
    apiKey = newKey();
    await deps.workspaces.setKey(existing.id, apiKey, true);
  }
  const lastPort = portOf(existing.baseUrl);
  if (lastPort > 0) {
    try {
      const running = await deps.startSandbox({ host: '127.0.0.1', port: lastPort, keys: [apiKey], dataFile, demo });
      return { workspaceId: existing.id, running, outcome: 'same-port' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    }
  }
  const running = await deps.startSandbox({ host: '127.0.0.1', port: 0, keys: [apiKey], dataFile, demo });
  try {
    await deps.workspaces.setBaseUrl(existing.id, running.url, { apiKey, acceptWeakEncryption: true });
  } catch (error) {
    await running.close();
    throw error;
  }
  return { workspaceId: existing.id, running, outcome: 'moved' };
}

/**
 * The user asked for the Sandbox workspace back: the running sandbox while its workspace still
 * exists, else a new demo account on a new sandbox (the old one is closed first).
 */
export async function restoreEmbeddedSandbox(current: EmbeddedSandbox | null, deps: EmbeddedSandboxDeps): Promise<EmbeddedSandbox> {
  const list = await deps.workspaces.list();
  if (current && list.some((w) => w.id === current.workspaceId)) return current;
  await current?.running.close();
  // The removed workspace's data is set aside, not deleted: its demo aliases would collide with the
  // new account's (aliases on the sandbox's own host are one namespace). Only the newest copy is
  // kept, for a week (sandbox-set-aside.ts).
  const dataFile = deps.dataFile ?? path.join(deps.userDataDir, 'sandbox.sqlite');
  if (dataFile !== ':memory:') await setAsideDatabase(dataFile, (deps.now ?? Date.now)());
  const restored = await startEmbeddedSandbox({ ...deps, dataFile, restore: true });
  if (!restored) throw new Error('The sandbox could not be started.');
  return restored;
}
