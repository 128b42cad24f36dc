// The list of workspaces (name + base URL; keys live in the vault), kept as one JSON file in the
// user data folder. Writes go to a temporary file that is renamed over the old one, so a crash
// mid-write leaves the previous list intact.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

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

export class WorkspaceStore {
  private readonly file: string;
  private readonly now: () => number;
  private state: WorkspaceFile = { version: 1, workspaces: [], currentId: null };
  private writing: Promise<void> = Promise.resolve();

  constructor(options: { dir: string; now?: () => number }) {
    this.file = path.join(options.dir, 'workspaces.json');
    this.now = options.now ?? Date.now;
  }

  /** Reads the file. A damaged file is moved aside (never overwritten) and reported. */
  async load(): Promise<LoadReport> {
    let raw: string;
    try {
      raw = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const parsed = safeJson(raw);
    const result = FileSchema.safeParse(parsed);
    if (result.success) {
      this.state = result.data;
      return {};
    }
    const aside = `${this.file}.damaged-${this.now()}`;
    await rename(this.file, aside);
    this.state = { version: 1, workspaces: [], currentId: null };
    return { recoveredFrom: aside };
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
      await mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(next, null, 2));
      await rename(temp, this.file);
      this.state = next;
    });
    this.writing = write.catch(() => undefined);
    return write;
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
