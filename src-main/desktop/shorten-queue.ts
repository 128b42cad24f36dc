// Shorten requests main made but the renderer's outbox has not yet acknowledged, persisted
// (shorten-queue.json) so a crash or a closed window loses none: each is re-sent until accepted.
import path from 'node:path';
import { z } from 'zod';
import { ShortenRequestSchema, type ShortenRequest } from '../../src-preload/contract/index.ts';
import { JsonFile, Serial } from '../storage/json-file.ts';

const FileSchema = z.object({
  version: z.literal(1),
  requests: z.array(ShortenRequestSchema),
});

/** Far beyond what a person makes between two renderer loads; stops a runaway loop filling the disk. */
export const MAX_QUEUED = 500;

export class ShortenQueue {
  private readonly json: JsonFile<typeof FileSchema>;
  private requests: ShortenRequest[] = [];
  private readonly serial = new Serial();
  recoveredFrom: string | undefined;

  constructor(options: { dir: string }) {
    this.json = new JsonFile(path.join(options.dir, 'shorten-queue.json'), FileSchema);
  }

  async load(): Promise<void> {
    const loaded = await this.json.load(() => ({ version: 1 as const, requests: [] }));
    this.requests = loaded.value.requests;
    this.recoveredFrom = loaded.recoveredFrom;
  }

  pending(): ShortenRequest[] {
    return this.requests.map((request) => ({ ...request }));
  }

  get size(): number {
    return this.requests.length;
  }

  /** Resolves once the request is on disk. */
  add(request: ShortenRequest): Promise<void> {
    return this.serial.run(async () => {
      if (this.requests.length >= MAX_QUEUED) {
        throw new Error(`${MAX_QUEUED} shortened links are still waiting for Linkdock's window to take them. Open Linkdock first.`);
      }
      const next = [...this.requests, request];
      await this.json.save({ version: 1, requests: next });
      this.requests = next;
    });
  }

  /** The renderer's outbox holds it: forget it. Unknown ids are fine (an acknowledgement may repeat). */
  accept(requestId: string): Promise<boolean> {
    return this.serial.run(async () => {
      const next = this.requests.filter((request) => request.requestId !== requestId);
      if (next.length === this.requests.length) return false;
      await this.json.save({ version: 1, requests: next });
      this.requests = next;
      return true;
    });
  }
}
