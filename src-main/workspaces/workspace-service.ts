// Workspaces as the renderer sees them: name, base URL and whether a key is stored. Owns the
// per-workspace service client and request budget; the key is read from the vault only here, and
// only with the origin it was entered for (issue #14: a key never follows an address elsewhere).
import {
  CallError,
  INSECURE_HTTP_WARNING,
  isInsecureHttp,
  originOf,
  sameOrigin,
  siteUrl,
  type ConnectionTest,
  type RateLimitState,
  type WorkspaceInfo,
} from '../../src-preload/contract/index.ts';
import type { BoundKey, KeyVault } from '../vault/key-vault.ts';
import type { StoredWorkspace, WorkspaceStore } from './workspace-store.ts';

/** The parts of the service client this module needs; the real one is src-main/service. */
export interface WorkspaceClientFactory<Client> {
  /** `keyOrigin`: the origin the key is bound to; the client sends it nowhere else. */
  create(args: { workspaceId: string; baseUrl: string; apiKey: string; keyOrigin: string }): Client;
  testConnection(args: { baseUrl: string; apiKey: string; keyOrigin: string }): Promise<ConnectionTest>;
  rateLimit(workspaceId: string): RateLimitState;
  forget(workspaceId: string): void;
}

export interface WorkspaceServiceDeps<Client> {
  store: WorkspaceStore;
  vault: KeyVault;
  clients: WorkspaceClientFactory<Client>;
  newId?: () => string;
  now?: () => number;
  onChanged?: (workspaces: WorkspaceInfo[]) => void;
}

export interface AddWorkspace {
  name: string;
  baseUrl: string;
  apiKey: string;
  acceptWeakEncryption?: boolean | undefined;
  /** The user confirmed plain http to a host that is not this machine. */
  allowInsecureHttp?: boolean | undefined;
}

export interface BaseUrlChange {
  /** Required when the new address is on another origin: the stored key never follows it there. */
  apiKey?: string | undefined;
  acceptWeakEncryption?: boolean | undefined;
  allowInsecureHttp?: boolean | undefined;
}

export type ConnectionTestInput =
  { baseUrl: string; apiKey: string; allowInsecureHttp?: boolean | undefined } | { workspaceId: string; apiKey?: string | undefined };

export class WorkspaceService<Client> {
  private readonly deps: WorkspaceServiceDeps<Client>;
  private readonly clients = new Map<string, Client>();

  constructor(deps: WorkspaceServiceDeps<Client>) {
    this.deps = deps;
  }

  async list(): Promise<WorkspaceInfo[]> {
    return Promise.all(this.deps.store.list().map((workspace) => this.info(workspace)));
  }

  async add(input: AddWorkspace, options: { sandbox?: boolean } = {}): Promise<WorkspaceInfo> {
    const baseUrl = siteUrl(input.baseUrl);
    const workspace: StoredWorkspace = {
      id: (this.deps.newId ?? (() => crypto.randomUUID()))(),
      name: input.name,
      baseUrl,
      sandbox: options.sandbox ?? false,
      allowInsecureHttp: checkTransport(baseUrl, input.allowInsecureHttp === true),
      createdAt: (this.deps.now ?? Date.now)(),
    };
    // Key first: a workspace without its key would be a half-made account.
    await this.deps.vault.setKey(workspace.id, input.apiKey, { origin: baseUrl, acceptWeak: input.acceptWeakEncryption === true });
    try {
      await this.deps.store.add(workspace);
    } catch (error) {
      await this.deps.vault.removeKey(workspace.id);
      throw error;
    }
    await this.changed();
    return this.info(workspace);
  }

  async rename(workspaceId: string, name: string): Promise<WorkspaceInfo> {
    const updated = await this.deps.store.update(workspaceId, { name });
    if (!updated) throw notFound();
    await this.changed();
    return this.info(updated);
  }

  /**
   * A new path on the same origin keeps the key. Another origin (scheme, host or port) needs the
   * key again (`change.apiKey`), else it is refused: the stored key belongs to the old origin.
   */
  async setBaseUrl(workspaceId: string, baseUrl: string, change: BaseUrlChange = {}): Promise<WorkspaceInfo> {
    const workspace = this.require(workspaceId);
    const next = siteUrl(baseUrl);
    // A confirmation of plain http holds for its own origin only.
    const confirmed = change.allowInsecureHttp ?? (sameOrigin(next, workspace.baseUrl) && workspace.allowInsecureHttp);
    const allowInsecureHttp = checkTransport(next, confirmed);
    // With a new key, the stored one is only wanted to put back on failure: an unreadable one is just replaced.
    const read = this.deps.vault.getBoundKey(workspaceId);
    const stored = change.apiKey !== undefined ? await read.catch(() => null) : await read;
    const keyOrigin = stored?.origin ?? workspace.baseUrl;
    if (change.apiKey !== undefined) {
      await this.deps.vault.setKey(workspaceId, change.apiKey, { origin: next, acceptWeak: change.acceptWeakEncryption === true });
    } else if (stored && !sameOrigin(next, keyOrigin)) {
      throw new CallError({
        kind: 'invalid-input',
        field: 'apiKey',
        message: `${originOf(next)} is another server than ${originOf(keyOrigin)}, and the stored API key is only sent to the server it was entered for. Enter the API key for ${originOf(next)}.`,
      });
    }
    let updated: StoredWorkspace | undefined;
    try {
      updated = await this.deps.store.update(workspaceId, { baseUrl: next, allowInsecureHttp });
    } catch (error) {
      // The address did not change: the old key goes back with it.
      if (stored && change.apiKey !== undefined) await this.deps.vault.setKey(workspaceId, stored.key, { origin: keyOrigin, acceptWeak: true });
      throw error;
    }
    if (!updated) throw notFound();
    this.forgetClient(workspaceId);
    await this.changed();
    return this.info(updated);
  }

  /** A new key for the workspace's current address. */
  async setKey(workspaceId: string, apiKey: string, acceptWeak = false): Promise<WorkspaceInfo> {
    const workspace = this.require(workspaceId);
    await this.deps.vault.setKey(workspaceId, apiKey, { origin: workspace.baseUrl, acceptWeak });
    this.forgetClient(workspaceId);
    await this.changed();
    return this.info(workspace);
  }

  async remove(workspaceId: string): Promise<void> {
    this.require(workspaceId);
    await this.deps.store.remove(workspaceId);
    await this.deps.vault.removeKey(workspaceId);
    this.forgetClient(workspaceId);
    await this.changed();
  }

  /** Tests a candidate service (before saving), a saved workspace, or a new key for a saved workspace. */
  async testConnection(input: ConnectionTestInput): Promise<ConnectionTest> {
    if ('workspaceId' in input) {
      const workspace = this.require(input.workspaceId);
      checkTransport(workspace.baseUrl, workspace.allowInsecureHttp);
      if (input.apiKey !== undefined) {
        return this.deps.clients.testConnection({ baseUrl: workspace.baseUrl, apiKey: input.apiKey, keyOrigin: originOrThrow(workspace.baseUrl) });
      }
      const { key, origin } = await this.key(workspace);
      return this.deps.clients.testConnection({ baseUrl: workspace.baseUrl, apiKey: key, keyOrigin: origin });
    }
    const baseUrl = siteUrl(input.baseUrl);
    checkTransport(baseUrl, input.allowInsecureHttp === true);
    return this.deps.clients.testConnection({ baseUrl, apiKey: input.apiKey, keyOrigin: originOrThrow(baseUrl) });
  }

  /** The service client of a workspace, made once with the key from the vault. */
  async client(workspaceId: string): Promise<Client> {
    const cached = this.clients.get(workspaceId);
    if (cached) return cached;
    const workspace = this.require(workspaceId);
    checkTransport(workspace.baseUrl, workspace.allowInsecureHttp);
    const { key, origin } = await this.key(workspace);
    const client = this.deps.clients.create({ workspaceId, baseUrl: workspace.baseUrl, apiKey: key, keyOrigin: origin });
    this.clients.set(workspaceId, client);
    return client;
  }

  rateLimit(workspaceId: string): RateLimitState {
    this.require(workspaceId);
    return this.deps.clients.rateLimit(workspaceId);
  }

  get(workspaceId: string): StoredWorkspace | undefined {
    return this.deps.store.get(workspaceId);
  }

  /**
   * The workspace's key, only while it belongs to the workspace's origin. Never re-bound here: the
   * vault answers only keys that name their origin inside the encryption (issue #36).
   */
  private async key(workspace: StoredWorkspace): Promise<BoundKey> {
    const stored = await this.deps.vault.getBoundKey(workspace.id);
    if (stored === null) throw new CallError({ kind: 'no-key', message: 'This workspace has no API key. Enter one in its settings.' });
    const here = originOrThrow(workspace.baseUrl);
    if (stored.origin !== here) {
      throw new CallError({
        kind: 'no-key',
        message: `The stored API key was entered for ${stored.origin}, but this workspace now points at ${here}. Enter the API key for ${here}.`,
      });
    }
    return { key: stored.key, origin: stored.origin };
  }

  private require(workspaceId: string): StoredWorkspace {
    const workspace = this.deps.store.get(workspaceId);
    if (!workspace) throw notFound();
    return workspace;
  }

  private forgetClient(workspaceId: string): void {
    this.clients.delete(workspaceId);
    this.deps.clients.forget(workspaceId);
  }

  private async info(workspace: StoredWorkspace): Promise<WorkspaceInfo> {
    return {
      id: workspace.id,
      name: workspace.name,
      baseUrl: workspace.baseUrl,
      hasKey: await this.deps.vault.hasKey(workspace.id),
      sandbox: workspace.sandbox,
    };
  }

  private async changed(): Promise<void> {
    if (this.deps.onChanged) this.deps.onChanged(await this.list());
  }
}

function originOrThrow(baseUrl: string): string {
  const origin = originOf(baseUrl);
  if (origin === null) throw new CallError({ kind: 'invalid-input', field: 'baseUrl', message: 'The service address is not a valid URL.' });
  return origin;
}

/**
 * Plain http only to this machine, or when the user confirmed it for this address. Answers the
 * confirmation to remember (only where it is needed).
 */
function checkTransport(baseUrl: string, confirmed: boolean): boolean {
  if (!isInsecureHttp(baseUrl)) return false;
  if (!confirmed) {
    throw new CallError({ kind: 'invalid-input', field: 'baseUrl', message: `${INSECURE_HTTP_WARNING} Confirm to use it anyway.` });
  }
  return true;
}

function notFound(): CallError {
  return new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
}
