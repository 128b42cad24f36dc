// The list of workspaces (name + base URL; keys live in the vault), kept as one JSON file in the
// user data folder (storage/json-file.ts: atomic writes, a damaged file moved aside).
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../storage/json-file.ts';

export const StoredWorkspaceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string().min(1),
  baseUrl: z.string().min(1),
  sandbox: z.boolean().default(false),
  /** The user confirmed plain http to a host that is not this machine (issue #14). */
  allowInsecureHttp: z.boolean().default(false),
  createdAt: z.number(),
});
export type StoredWorkspace = z.infer<typeof StoredWorkspaceSchema>;

const FileSchema = z.object({
  version: z.literal(1),
  workspaces: z.array(StoredWorkspaceSchema),
  /** Workspace shown first on start. */
  currentId: z.string().nullable().default(null),
});
type WorkspaceFile = z.infer<typeof FileSchema>;

export interface LoadReport {
  /** Set when the file could not be read and was moved aside: the user must be told. */
  recoveredFrom?: string;
}

const emptyFile = (): WorkspaceFile => ({ version: 1, workspaces: [], currentId: null });

export class WorkspaceStore {
  private readonly json: JsonFile<typeof FileSchema>;
  private readonly now: () => number;
  private state: WorkspaceFile = emptyFile();
  private writing: Promise<void> = Promise.resolve();

  constructor(options: { dir: string; now?: () => number }) {
    this.json = new JsonFile(path.join(options.dir, 'workspaces.json'), FileSchema);
    this.now = options.now ?? Date.now;
  }

  /** Reads the file. A damaged file is moved aside (never overwritten) and reported. */
  async load(): Promise<LoadReport> {
    const loaded = await this.json.load(emptyFile, this.now);
    this.state = loaded.value;
    return loaded.recoveredFrom ? { recoveredFrom: loaded.recoveredFrom } : {};
  }

  list(): StoredWorkspace[] {
    return this.state.workspaces.map((workspace) => ({ ...workspace }));
  }

  get(id: string): StoredWorkspace | undefined {
    const found = this.state.workspaces.find((workspace) => workspace.id === id);
    return found ? { ...found } : undefined;
  }

  get currentId(): string | null {
    return this.state.currentId;
  }

  async add(workspace: StoredWorkspace): Promise<void> {
    await this.commit((state) => {
      if (state.workspaces.some((w) => w.id === workspace.id)) throw new Error(`workspace ${workspace.id} exists`);
      return { ...state, workspaces: [...state.workspaces, workspace], currentId: state.currentId ?? workspace.id };
    });
  }

  async update(id: string, change: Partial<Pick<StoredWorkspace, 'name' | 'baseUrl' | 'allowInsecureHttp'>>): Promise<StoredWorkspace | undefined> {
    let updated: StoredWorkspace | undefined;
    await this.commit((state) => ({
      ...state,
      workspaces: state.workspaces.map((w) => (w.id === id ? (updated = { ...w, ...change }) : w)),
    }));
    return updated ? { ...updated } : undefined;
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.commit((state) => {
      const workspaces = state.workspaces.filter((w) => w.id !== id);
      removed = workspaces.length !== state.workspaces.length;
      const currentId = state.currentId === id ? (workspaces[0]?.id ?? null) : state.currentId;
      return { ...state, workspaces, currentId };
    });
    return removed;
  }

  async setCurrent(id: string | null): Promise<void> {
    await this.commit((state) => ({ ...state, currentId: id }));
  }

  /**
   * Writes are serialised and each derives its state from the one before it; the new state is
   * applied in memory only once it is on disk.
   */
  private commit(update: (state: WorkspaceFile) => WorkspaceFile): Promise<void> {
    const write = this.writing.then(async () => {
      const next = update(this.state);
      await this.json.save(next);
      this.state = next;
    });
    this.writing = write.catch(() => undefined);
    return write;
  }
}
