import { useSyncExternalStore } from 'react';
import type { MirrorDb } from '../../sync/index.ts';
import { linkSource, type LinkSnapshot } from './link-source.ts';

/** The live link index of a workspace's mirror. */
export function useLinkSnapshot(db: MirrorDb): LinkSnapshot {
  const source = linkSource(db);
  return useSyncExternalStore(source.subscribe, source.get);
}
