// The account behind a workspace's key, as the service tells it (real deployments' GET /api/user):
// who is signed in, the plan, and the time zone its schedule dates are written in.
import { useEffect, useState } from 'react';
import type { AccountState } from '../../../src-preload/contract/index.ts';
import { useApi } from '../../session/api-context.tsx';

export function WorkspaceAccount({ workspaceId }: { workspaceId: string }) {
  const api = useApi();
  const [state, setState] = useState<AccountState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.call('account.get', { workspaceId }).then(
      (answer) => live && setState(answer),
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [api, workspaceId]);
  if (problem) return <span className="muted workspace-account">Account details not read: {problem}</span>;
  if (!state) return null;
  if (!state.account) return <span className="muted workspace-account">This service does not share account details.</span>;
  const { name, email, timezone, plan_id: plan } = state.account;
  const who = [name, email ? `(${email})` : null].filter(Boolean).join(' ');
  return (
    <span className="muted workspace-account">
      {who ? `Account: ${who}` : 'Account'}
      {timezone ? ` · Time zone ${timezone}` : ''}
      {plan !== undefined && plan !== null ? ` · Plan ${String(plan)}` : ''}
    </span>
  );
}
