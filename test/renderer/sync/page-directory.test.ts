// The pages' directory: its lookups, built at once, a few pages at a time, or not at all (a few
// ids found by one pass over the pages), say the same; and the window builds them in background tasks.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildInBackground, directoryOf } from '../../../src-renderer/sync/mirror/page-directory.ts';
import type { LinkPageKeys } from '../../../src-renderer/sync/mirror/rows.ts';

/** Pages of rows; a row may be on two pages (rows move while a listing is written): the later page's says. */
const pagesArb = fc
  .array(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 60 })), { maxLength: 12 }), { maxLength: 8 })
  .map(
    (pages) =>
      new Map(
        pages.map((rows, i): [number, LinkPageKeys] => [
          i + 1,
          { id: i + 1, hash: '', clientIds: rows.map(([c]) => `c${c}`), serverIds: rows.map(([, s]) => s) },
        ]),
      ),
  );

/** The lookups as a plain reading of the pages in order says. */
function plain(keys: ReadonlyMap<number, LinkPageKeys>) {
  const pageOf = new Map<string, number>();
  const clientOf = new Map<number, string>();
  let maxServerId: number | null = null;
  for (const page of keys.values()) {
    page.clientIds.forEach((clientId, i) => {
      pageOf.set(clientId, page.id);
      clientOf.set(page.serverIds[i]!, clientId);
      maxServerId = Math.max(maxServerId ?? -Infinity, page.serverIds[i]!);
    });
  }
  return { pageOf: [...pageOf].sort(), clientOf: [...clientOf].sort(), maxServerId };
}

describe('page directory', () => {
  it('builds the same lookups at once or a few pages at a time', () => {
    fc.assert(
      fc.property(pagesArb, fc.integer({ min: 1, max: 3 }), (keys, step) => {
        const whole = directoryOf('v', keys);
        const stepped = directoryOf('v', keys);
        let steps = 0;
        while (!stepped.buildSome(step)) steps++;
        expect(steps).toBeLessThanOrEqual(keys.size);
        expect(stepped.built).toBe(true);
        const expected = plain(keys);
        for (const dir of [whole, stepped]) {
          expect({ pageOf: [...dir.pageOf].sort(), clientOf: [...dir.clientOf].sort(), maxServerId: dir.maxServerId }).toEqual(expected);
        }
      }),
      { seed: 1919, numRuns: 200 },
    );
  });

  it('finds the pages of a first reader’s ids without building the lookups, and builds them for a second, as they would say', () => {
    fc.assert(
      fc.property(pagesArb, fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 10 }), (keys, wanted) => {
        const ids = wanted.map((c) => `c${c}`);
        const expected = (() => {
          const built = directoryOf('v', keys);
          return new Map(ids.filter((id) => built.pageOf.has(id)).map((id) => [id, built.pageOf.get(id)!]));
        })();
        const dir = directoryOf('v', keys);
        expect([...dir.pagesHolding(ids)].sort()).toEqual([...expected].sort());
        expect(dir.built).toBe(keys.size === 0);
        expect([...dir.pagesHolding(ids)].sort()).toEqual([...expected].sort());
        expect(dir.built).toBe(true);
      }),
      { seed: 1920, numRuns: 200 },
    );
  });
});

describe('page directory built in background tasks', () => {
  const global = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete global.scheduler;
  });

  it('takes a few pages a task, at background priority, until every page is in', async () => {
    const queued: { task: () => void; priority: string }[] = [];
    global.scheduler = {
      postTask: (task: () => void, options: { priority: string }) => (queued.push({ task, priority: options.priority }), Promise.resolve()),
    };
    const keys = new Map(
      Array.from({ length: 10 }, (_, i): [number, LinkPageKeys] => [i + 1, { id: i + 1, hash: '', clientIds: [`c${i}`], serverIds: [i + 1] }]),
    );
    const dir = directoryOf('v', keys);
    buildInBackground(dir, () => true);
    let tasks = 0;
    while (queued.length > 0) {
      const { task, priority } = queued.shift()!;
      expect(priority).toBe('background');
      task();
      tasks++;
      expect(queued).toHaveLength(dir.built ? 0 : 1);
    }
    expect(dir.built).toBe(true);
    expect(tasks).toBe(3);
    expect(dir.maxServerId).toBe(10);
    // Built already: nothing more is queued.
    buildInBackground(dir, () => true);
    expect(queued).toHaveLength(0);
  });

  it('stops once no reader can find the directory any more', () => {
    const queued: (() => void)[] = [];
    global.scheduler = { postTask: (task: () => void) => (queued.push(task), Promise.resolve()) };
    const keys = new Map(
      Array.from({ length: 10 }, (_, i): [number, LinkPageKeys] => [i + 1, { id: i + 1, hash: '', clientIds: [`c${i}`], serverIds: [i + 1] }]),
    );
    const dir = directoryOf('v', keys);
    let cached = true;
    buildInBackground(dir, () => cached);
    queued.shift()!();
    cached = false;
    queued.shift()!();
    expect(queued).toHaveLength(0);
    expect(dir.built).toBe(false);
  });
});
