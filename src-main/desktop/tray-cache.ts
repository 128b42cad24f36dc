// What the tray shows per workspace, persisted (tray-cache.json) so the tray has its data at startup
// before any window has loaded. The renderer replaces a workspace's entry whenever its mirror changes.
import path from 'node:path';
import { z } from 'zod';
import { TrayCacheSchema, type TrayCache } from '../../src-preload/contract/index.ts';
import { JsonFile, Serial } from '../storage/json-file.ts';

const FileSchema = z.object({
  version: z.literal(1),
  workspaces: z.record(z.string(), TrayCacheSchema),
});

export class TrayCacheStore {
  private readonly json: JsonFile<typeof FileSchema>;
  private entries = new Map<string, TrayCache>();
  private readonly serial = new Serial();
  /** Where a damaged file was moved at load (the shell logs it). */
  recoveredFrom: string | undefined;

  constructor(options: { dir: string }) {
    this.json = new JsonFile(path.join(options.dir, 'tray-cache.json'), FileSchema);
  }

  async load(): Promise<void> {
    // A damaged cache is only a cache: it is moved aside and the renderer refills it.
    const { value, recoveredFrom } = await this.json.load(() => ({ version: 1 as const, workspaces: {} }));
    this.recoveredFrom = recoveredFrom;
    this.entries = new Map(Object.entries(value.workspaces).filter(([id, entry]) => id === entry.workspaceId));
  }

  get(workspaceId: string): TrayCache | null {
    return this.entries.get(workspaceId) ?? null;
  }

  /** The renderer sends this on every mirror change; an unchanged entry is not written again. */
  put(entry: TrayCache): Promise<void> {
    return this.serial.run(async () => {
      if (JSON.stringify(this.entries.get(entry.workspaceId)) === JSON.stringify(entry)) return;
      await this.save(new Map(this.entries).set(entry.workspaceId, entry));
    });
  }

  /** A workspace syncing off screen: its status changes, its links stay as last sent (none yet: empty). */
  putStatus(workspaceId: string, status: TrayCache['status']): Promise<void> {
    const entry = this.entries.get(workspaceId);
    return this.put({ ...(entry ?? { recent: [], pinned: [] }), workspaceId, status });
  }

  /** Drops entries of workspaces that no longer exist. */
  retain(workspaceIds: Iterable<string>): Promise<void> {
    const keep = new Set(workspaceIds);
    return this.serial.run(async () => {
      if ([...this.entries.keys()].every((id) => keep.has(id))) return;
      await this.save(new Map([...this.entries].filter(([id]) => keep.has(id))));
    });
  }

  private async save(next: Map<string, TrayCache>): Promise<void> {
    await this.json.save({ version: 1, workspaces: Object.fromEntries(next) });
    this.entries = next;
  }
}
