// What an empty list says. "No links yet" is true only once the service listed none; before the
// first listing the list is empty because the app is still waiting, and it says for what.
import { useLiveQuery } from 'dexie-react-hooks';
import { lastPullKey, type MirrorDb, type ResourceName, type SyncStatus } from '../sync/index.ts';

/** Whether the resource was ever listed in full into this mirror (undefined while that is read). */
export function useEverListed(db: MirrorDb, resource: ResourceName): boolean | undefined {
  return useLiveQuery(async () => (await db.syncState.get(lastPullKey(resource))) !== undefined, [db, resource]);
}

/**
 * The empty list's text when nothing matches because there is nothing: `none` once listed,
 * otherwise why nothing was listed yet (key refused, service unreachable, first sync under way).
 */
export function emptyListText(options: {
  everListed: boolean | undefined;
  status: Pick<SyncStatus, 'paused' | 'connection'>;
  noun: string;
  none: string;
}): string {
  const { everListed, status, noun } = options;
  if (everListed === undefined) return `Loading ${noun}…`;
  if (everListed) return options.none;
  if (status.paused) return `Not synced yet: the service refused this workspace’s API key. Enter a new key to see your ${noun}.`;
  if (status.connection === 'offline') return `Not synced yet: Linkdock can’t reach the service. Your ${noun} appear once it answers.`;
  return `Not synced yet: reading your ${noun} from the service…`;
}
