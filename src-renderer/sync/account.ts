// The account behind the workspace's key (name, e-mail, plan, time zone), as main last read it,
// kept in the mirror so it shows offline. Schedule dates are wall-clock times in its time zone.
import type { AccountState } from '../../src-preload/contract/index.ts';
import type { ContractApi } from '../contract/contract-client.ts';
import type { MirrorDb } from './mirror/db.ts';

const ACCOUNT_KEY = 'account';
const zones = new WeakMap<MirrorDb, string>();

/** The account's IANA time zone, or UTC while none is known. */
export function accountTimeZone(db: MirrorDb): string {
  return zones.get(db) ?? 'UTC';
}

function remember(db: MirrorDb, state: AccountState | null): AccountState | null {
  const zone = state?.account?.timezone;
  if (zone) zones.set(db, zone);
  return state;
}

/** What the mirror holds from the last read (offline too). */
export async function storedAccount(db: MirrorDb): Promise<AccountState | null> {
  const entry = await db.syncState.get(ACCOUNT_KEY);
  return remember(db, (entry?.value as AccountState | undefined) ?? null);
}

/** Asks main (which reads the service at most twice a day) and keeps the answer in the mirror. */
export async function refreshAccount(db: MirrorDb, api: ContractApi, workspaceId: string, refresh = false): Promise<AccountState | null> {
  const state = await api.call('account.get', { workspaceId, refresh });
  await db.syncState.put({ key: ACCOUNT_KEY, value: state });
  return remember(db, state);
}
