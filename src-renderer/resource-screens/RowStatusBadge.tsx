import { Badge } from '../ui/index.ts';
import type { RowSync } from './resource-items.ts';

/** A row's sync state, in words: nothing when it is in step with the service. */
export function RowStatusBadge({ sync }: { sync: RowSync | null }) {
  if (!sync) return null;
  switch (sync.state) {
    case 'pending':
      return (
        <Badge tone="info" title="Saved here; waiting to be sent to the service">
          Pending sync
        </Badge>
      );
    case 'sending':
      return (
        <Badge tone="info" title="Being sent to the service now">
          Sending…
        </Badge>
      );
    case 'failed':
      return (
        <Badge tone="danger" title={sync.error?.message ?? 'The service refused this change'}>
          Failed
        </Badge>
      );
    case 'conflict':
      return (
        <Badge tone="warning" title="Also changed on the service: choose what to keep on the Pending changes page">
          Conflict
        </Badge>
      );
    case 'unknown':
      return (
        <Badge tone="warning" title="Checking whether the service received this change">
          Checking
        </Badge>
      );
  }
}
