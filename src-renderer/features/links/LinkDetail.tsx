// A link's detail: short URL and destination with copy buttons, its QR code, its clicks per day,
// and the way to its analytics.
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment } from 'react';
import { accountTimeZone, linkRows } from '../../sync/index.ts';
import { linkSettingsSummary } from './link-settings-summary.ts';
import type { WorkspaceSession } from '../../session/workspace-session.tsx';
import { useApi } from '../../session/api-context.tsx';
import { Badge, Button, Modal } from '../../ui/index.ts';
import { useNavigation } from '../../session/navigation-store.ts';
import { LinkDailyClicks } from './LinkDailyClicks.tsx';
import { CopyButton } from './CopyButton.tsx';
import { domainLabel, entryShortUrl, type LinkIndex, type RowSyncState } from './link-index.ts';
import { MISSING_DOMAIN_TEXT, missingDomainOf, useDeletedDomainKeys } from './domain-missing.ts';
import { setPinned } from './link-source.ts';
import { QrCode } from './QrCode.tsx';
import { LinkNotes } from './LinkNotes.tsx';
import { StatusBadges } from './StatusBadges.tsx';

export interface LinkDetailProps {
  session: WorkspaceSession;
  index: LinkIndex | null;
  syncStates: ReadonlyMap<string, RowSyncState>;
  pinned: readonly string[];
  clientId: string;
  onEdit: () => void;
  /** A new link with this one's settings (a new alias). */
  onDuplicate: () => void;
  onClose: () => void;
}

export function LinkDetail(props: LinkDetailProps) {
  const api = useApi();
  const { db } = props.session.sync;
  const entry = props.index?.byClientId.get(props.clientId);
  const openAnalytics = useNavigation((s) => s.openAnalytics);
  const row = useLiveQuery(() => linkRows(db).get(props.clientId), [db, props.clientId]);
  const handlers = useLiveQuery(() => db.handlers.toArray(), [db]);
  const deletedDomains = useDeletedDomainKeys(db);
  if (!props.index || !entry) {
    return (
      <Modal title="Link" isOpen onClose={props.onClose}>
        <p className="muted">{props.index ? 'This link no longer exists.' : 'Loading…'}</p>
      </Modal>
    );
  }
  const shortUrl = entryShortUrl(props.index, props.session.workspace.baseUrl, entry);
  const missing = missingDomainOf(props.index, entry, deletedDomains);
  const isPinned = props.pinned.includes(entry.clientId);
  return (
    <Modal
      title={`Link ${entry.alias || entry.destination}`}
      isOpen
      onClose={props.onClose}
      size="large"
      footer={
        <>
          <Button onPress={() => void setPinned(db, entry.clientId, !isPinned)}>{isPinned ? 'Unpin' : 'Pin to tray'}</Button>
          <Button onPress={() => openAnalytics(entry.clientId)}>Analytics</Button>
          <Button onPress={props.onDuplicate}>Duplicate</Button>
          <Button onPress={props.onEdit}>Edit</Button>
          <Button variant="primary" onPress={props.onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="link-detail">
        <div className="link-detail-main">
          <dl className="detail-list">
            <dt>Short URL</dt>
            <dd>
              {missing ? (
                <>
                  <span className="mono">{entry.alias}</span>{' '}
                  <Badge title={MISSING_DOMAIN_TEXT[missing].description}>{MISSING_DOMAIN_TEXT[missing].label}</Badge>
                  <p className="muted">{MISSING_DOMAIN_TEXT[missing].description}</p>
                </>
              ) : (
                <>
                  <span className="mono">{shortUrl ?? (entry.alias === '' ? 'not yet: the service picks the alias when it creates the link' : 'unknown')}</span>
                  <CopyButton text={shortUrl} label="Copy short URL" />
                </>
              )}
            </dd>
            <dt>Destination</dt>
            <dd>
              <span className="mono wrap">{entry.destination}</span>
              <CopyButton text={entry.destination} label="Copy destination" />
              <Button size="small" variant="ghost" onPress={() => void api.call('shell.openExternal', { url: entry.destination }).catch(() => undefined)}>
                Open
              </Button>
            </dd>
            <dt>Domain</dt>
            <dd>{domainLabel(props.index, props.session.workspace.baseUrl, entry.domainKey)}</dd>
            <dt>Created</dt>
            <dd>{entry.created}</dd>
            <dt>Clicks</dt>
            <dd>{entry.clicks.toLocaleString()}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadges entry={entry} sync={props.syncStates.get(entry.clientId)} pinned={isPinned} />
              {!entry.scheduled && !entry.protected && !entry.expired && entry.enabled === true && !props.syncStates.get(entry.clientId) && (
                <span className="muted">Active, synced</span>
              )}
            </dd>
          </dl>
        </div>
        <section aria-label="QR code" className="link-detail-qr">
          {shortUrl ? <QrCode text={shortUrl} name={entry.alias} /> : <p className="muted">No QR code without a short URL.</p>}
        </section>
      </div>
      {row?.base && !row.baseIsProvisional && (
        <section aria-label="Settings on the service">
          <h3>Settings on the service</h3>
          <dl className="detail-list">
            {linkSettingsSummary(
              row.base,
              (id) => {
                const handler = handlers?.find((h) => h.serverId === id);
                return handler?.base ? handler.base.name : null;
              },
              accountTimeZone(db),
            ).map((line) => (
              <Fragment key={line.label}>
                <dt>{line.label}</dt>
                <dd className="wrap">{line.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
      <LinkNotes db={db} clientId={entry.clientId} />
      <section aria-label="Clicks per day">
        <h3>Clicks per day</h3>
        <LinkDailyClicks sync={props.session.sync} clientId={entry.clientId} synced={row ? row.serverId !== null : true} />
      </section>
    </Modal>
  );
}
