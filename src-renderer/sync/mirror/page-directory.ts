// Where the pages of links put each client id and server id (link-rows.ts). The lookups are built
// from the pages' keys when first asked for, or a few pages at a time in background tasks:
// 100,000 rows' entries cost ~45–70 ms, which a first pull spent in its transaction, page by page,
// before the list could show. Readers wanting a few rows before then find their pages without
// them (pagesHolding).
import type { LinkPageKeys } from './rows.ts';

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
  };
}

/** Pages per background task: ~0.5 ms each. */
const PAGES_PER_TASK = 4;

interface BackgroundScheduler {
  postTask?: (task: () => void, options: { priority: 'background' }) => Promise<void>;
}

/**
 * Builds the directory's lookups in background tasks (where the window has them: not in Node),
 * which wait while anything of higher priority is queued: the list's index and render after a
 * pull go first.
 */
export function buildInBackground(directory: PageDirectory): void {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  if (typeof scheduler?.postTask !== 'function' || directory.built) return;
  const post = scheduler.postTask.bind(scheduler);
  const step = () => {
    if (!directory.buildSome(PAGES_PER_TASK)) void post(step, { priority: 'background' });
  };
  void post(step, { priority: 'background' });
}

/**
 * The pages holding these client ids, by client id (ids on no page are left out). Before the
 * lookups are built, one pass over the pages' client ids (~5 ms at 100,000) rather than building
 * them (~10 times that) for a screen's few rows.
 */
export function pagesHolding(directory: PageDirectory, ids: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  if (directory.built) {
    for (const id of ids) {
      const page = directory.pageOf.get(id);
      if (page !== undefined) found.set(id, page);
    }
    return found;
  }
  const wanted = new Set(ids);
  for (const { id: page, clientIds } of directory.keys.values()) {
    for (const clientId of clientIds) if (wanted.has(clientId)) found.set(clientId, page);
  }
  return found;
}
