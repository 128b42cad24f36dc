import { useNavigation } from '../session/navigation-store.ts';
import { useOpenSession, useSyncStatus } from '../session/workspace-session.tsx';
import { Button } from '../ui/index.ts';

/** When the service refused the key, say so plainly: nothing syncs until a new key is stored. */
export function KeyRefusedBanner() {
  const { sync, workspace } = useOpenSession();
  const status = useSyncStatus(sync, ['paused']);
  const openKeyDialog = useNavigation((s) => s.openKeyDialog);
  if (!status.paused) return null;
  return (
    <div className="banner banner-danger" role="alert">
      <span>
        The service refused the API key of <strong>{workspace.name}</strong> ({status.paused.message}). Your changes are kept and will sync once a valid key is
        stored.
      </span>
      <Button onPress={() => openKeyDialog(workspace.id)}>Enter a new key</Button>
    </div>
  );
}
