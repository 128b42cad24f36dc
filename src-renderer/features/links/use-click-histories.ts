import { useLiveQuery } from 'dexie-react-hooks';
import { clickSamplesOfMany, type ClickSample, type MirrorDb } from '../../sync/index.ts';

/**
 * The recent click samples of the rows on screen, read by one live query per page (one
 * transaction), not one per row: a search keystroke that brings a new page starts one read.
 */
export function useClickHistories(db: MirrorDb, clientIds: readonly string[], limit: number): ReadonlyMap<string, ClickSample[]> | undefined {
  const key = clientIds.join('\n');
  return useLiveQuery(
    () => clickSamplesOfMany(db, clientIds, limit),
    // The ids are in `key`: a new array with the same ids must not start a new query.
    [db, key, limit],
  );
}
