// The Analytics view: a link's analytics when one is chosen (from its detail or the overview's top
// links), else the workspace overview.
import { useNavigation } from '../../session/navigation-store.ts';
import { useOpenSession } from '../../session/workspace-session.tsx';
import { LinkAnalytics } from './LinkAnalytics.tsx';
import { WorkspaceOverview } from './WorkspaceOverview.tsx';
import './analytics.css';

export function AnalyticsPage() {
  const session = useOpenSession();
  const clientId = useNavigation((s) => s.analyticsLink);
  return clientId ? <LinkAnalytics key={clientId} session={session} clientId={clientId} /> : <WorkspaceOverview session={session} />;
}
