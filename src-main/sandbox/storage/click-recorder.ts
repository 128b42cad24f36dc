// Counts served clicks in batches: a redirect queues its click and answers at once; the queue is
// written in one transaction every few milliseconds (or when it grows), instead of a transaction
// per redirect. The API flushes before it answers, so a read after a redirect always sees its
// click; a crash loses at most the last batch of clicks (the sandbox's data is demo data).
import type { ClickEvent } from './clicks.ts';
import type { Store } from './store.ts';

export interface ClickRecorder {
  record(event: ClickEvent): void;
  /** Clicks queued but not yet written, for a link (its click limit must count them). */
  pending(linkId: number): number;
  flush(): void;
  close(): void;
}

export function createClickRecorder(store: Store, options: { flushMs?: number; maxBatch?: number } = {}): ClickRecorder {
  const flushMs = options.flushMs ?? 25;
  const maxBatch = options.maxBatch ?? 500;
  let queue: ClickEvent[] = [];
  const perLink = new Map<number, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const batch = queue;
    const counts = [...perLink];
    queue = [];
    perLink.clear();
    store.transaction(() => {
      for (const [linkId, count] of counts) store.links.incrementClicks(linkId, count);
      store.clicks.recordMany(batch);
    });
  };

  return {
    record(event) {
      queue.push(event);
      perLink.set(event.link_id, (perLink.get(event.link_id) ?? 0) + 1);
      if (queue.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    pending: (linkId) => perLink.get(linkId) ?? 0,
    flush,
    close: flush,
  };
}
