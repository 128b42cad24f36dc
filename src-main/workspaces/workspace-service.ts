// Workspaces as the renderer sees them: name, base URL and whether a key is stored. Owns the
// per-workspace service client and request budget; the key is read from the vault only here.
import {
  CallError,
  type ConnectionTest,
  type RateLimitState,
  type WorkspaceInfo,
} from '../../src-preload/contract/index.ts';
import type { KeyVault } from '../vault/key-vault.ts';
import type { StoredWorkspace, WorkspaceStore } from './workspace-store.ts';

/** The parts of the service client this module needs; the real one is src-main/service. */
export interface WorkspaceClientFactory<Client> {
  create(args: { workspaceId: string; baseUrl: string; apiKey: string }): Client;
  testConnection(args: { baseUrl: string; apiKey: string }): Promise<ConnectionTest>;
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
}

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
    const workspace: StoredWorkspace = {
      id: (this.deps.newId ?? (() => crypto.randomUUID()))(),
      name: input.name,
      baseUrl: normaliseBaseUrl(input.baseUrl),
      sandbox: options.sandbox ?? false,
      createdAt: (this.deps.now ?? Date.now)(),
    };
    // Key first: a workspace without its key would be a half-made account.
    await this.deps.vault.setKey(workspace.id, input.apiKey, input.acceptWeakEncryption === true);
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

  async setBaseUrl(workspaceId: string, baseUrl: string): Promise<WorkspaceInfo> {
    const updated = await this.deps.store.update(workspaceId, { baseUrl: normaliseBaseUrl(baseUrl) });
    if (!updated) throw notFound();
    this.forgetClient(workspaceId);
    await this.changed();
    return this.info(updated);
  }

  async setKey(workspaceId: string, apiKey: string, acceptWeak = false): Promise<WorkspaceInfo> {
    const workspace = this.require(workspaceId);
    await this.deps.vault.setKey(workspaceId, apiKey, acceptWeak);
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

  /** Tests a candidate service (before saving) or a saved workspace. */
  async testConnection(input: { baseUrl: string; apiKey: string } | { workspaceId: string }): Promise<ConnectionTest> {
    if ('workspaceId' in input) {
      const workspace = this.require(input.workspaceId);
      return this.deps.clients.testConnection({ baseUrl: workspace.baseUrl, apiKey: await this.key(workspace.id) });
    }
    return this.deps.clients.testConnection({ baseUrl: normaliseBaseUrl(input.baseUrl), apiKey: input.apiKey });
  }

  /** The service client of a workspace, made once with the key from the vault. */
  async client(workspaceId: string): Promise<Client> {
    const cached = this.clients.get(workspaceId);
    if (cached) return cached;
    const workspace = this.require(workspaceId);
    const apiKey = await this.key(workspaceId);
    const client = this.deps.clients.create({ workspaceId, baseUrl: workspace.baseUrl, apiKey });
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

  private async key(workspaceId: string): Promise<string> {
    const key = await this.deps.vault.getKey(workspaceId);
    if (key === null) throw new CallError({ kind: 'no-key', message: 'This workspace has no API key. Enter one in its settings.' });
    return key;
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

/** The service's base URL always ends in `/` so relative API paths resolve under it. */
export function normaliseBaseUrl(raw: string): string {
  const url = new URL(raw.trim());
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

function notFound(): CallError {
  return new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
}
