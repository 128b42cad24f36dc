import { useLiveQuery } from 'dexie-react-hooks';
import type { ClickSample, MirrorDb } from '../../sync/index.ts';
import { clickHistory } from './click-history.ts';

/**
 * The recent click samples of the rows on screen, read by one live query per page (one
 * transaction), not one per row: a search keystroke that brings a new page starts one read.
 */
export function useClickHistories(db: MirrorDb, clientIds: readonly string[], limit: number): ReadonlyMap<string, ClickSample[]> | undefined {
  const key = clientIds.join('\n');
  return useLiveQuery(
    () =>
      db.transaction('r', db.clickSamples, async () => {
        const lists = await Promise.all(clientIds.map((id) => clickHistory(db, id, limit)));
        return new Map(clientIds.map((id, i) => [id, lists[i] as ClickSample[]]));
      }),
    // The ids are in `key`: a new array with the same ids must not start a new query.
    [db, key, limit],
  );
}
