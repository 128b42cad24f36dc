// Where the pages of links put each client id and server id (link-rows.ts). The lookups are built
// from the pages' keys when first asked for, or a few pages at a time in background tasks:
// 100,000 rows' entries cost ~45–70 ms, which a first pull spent in its transaction, page by page,
// before the list could show. A reader wanting a few rows before then finds their pages without
// them (pagesHolding).
import type { LinkPageKeys } from './rows.ts';
import { postTask } from '../post-task.ts';

export interface PageDirectory {
  version: string;
  /** Each page's ids, by page id, in page order. */
  keys: ReadonlyMap<number, LinkPageKeys>;
  /** Client id → page id. */
  readonly pageOf: ReadonlyMap<string, number>;
  /** Server id → client id. */
  readonly clientOf: ReadonlyMap<number, string>;
  readonly maxServerId: number | null;
  /** Whether the lookups above are built (asking for one builds them all). */
  readonly built: boolean;
  /** Builds the lookups for the next `pages` pages; true once all are. */
  buildSome(pages: number): boolean;
  /**
   * The pages holding these client ids, by client id (ids on no page are left out). The first
   * reader before the lookups are built passes over the pages' client ids once (~5 ms at 100,000;
   * building them is ~10 times that) for a screen's few rows; a second builds them (a reader per
   * row, as a push is, would pass over them again and again).
   */
  pagesHolding(ids: readonly string[]): Map<string, number>;
}

/**
 * The directory of these pages (`keys` in page order): where a client id or server id is on more
 * than one page, the last page's says, as a directory read from the stored keys does.
 */
export function directoryOf(version: string, keys: ReadonlyMap<number, LinkPageKeys>): PageDirectory {
  const pageOf = new Map<string, number>();
  const clientOf = new Map<number, string>();
  let maxServerId: number | null = null;
  const pages = [...keys.values()];
  let next = 0;
  const buildSome = (count: number): boolean => {
    const end = Math.min(pages.length, next + count);
    for (; next < end; next++) {
      const { id, clientIds, serverIds } = pages[next]!;
      for (let i = 0; i < clientIds.length; i++) {
        const serverId = serverIds[i]!;
        pageOf.set(clientIds[i]!, id);
        clientOf.set(serverId, clientIds[i]!);
        if (maxServerId === null || serverId > maxServerId) maxServerId = serverId;
      }
    }
    return next === pages.length;
  };
  const whole = () => buildSome(pages.length);
  let scanned = false;
  return {
    version,
    keys,
    get pageOf() {
      whole();
      return pageOf;
    },
    get clientOf() {
      whole();
      return clientOf;
    },
    get maxServerId() {
      whole();
      return maxServerId;
    },
    get built() {
      return next === pages.length;
    },
    buildSome,
    pagesHolding(ids) {
      const found = new Map<string, number>();
      if (next < pages.length && !scanned) {
        scanned = true;
        const wanted = new Set(ids);
        for (const { id: page, clientIds } of pages) {
          for (const clientId of clientIds) if (wanted.has(clientId)) found.set(clientId, page);
        }
        return found;
      }
      whole();
      for (const id of ids) {
        const page = pageOf.get(id);
        if (page !== undefined) found.set(id, page);
      }
      return found;
    },
  };
}

/** Pages per background task: ~0.5 ms each. */
const PAGES_PER_TASK = 4;

/**
 * Builds the directory's lookups in background tasks (where the window has them: not in Node),
 * which wait while anything of higher priority is queued: the list's index and render after a
 * pull go first.
 */
export function buildInBackground(directory: PageDirectory, wanted: () => boolean): void {
  if (directory.built) return;
  // Until it is built, or no reader can find it any more (newer pages took its place).
  const step = () => {
    if (wanted() && !directory.buildSome(PAGES_PER_TASK)) postTask(step, 'background');
  };
  postTask(step, 'background');
}
