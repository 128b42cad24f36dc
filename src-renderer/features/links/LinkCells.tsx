// The list's row cells, memoised: a search keystroke re-renders only the rows that changed. Row
// controls are native (ui/list/RowControls.tsx): a keystroke may mount a whole page of rows.
// `tabbable` is false in every row but the list's one Tab stop.
import { memo } from 'react';
import { Badge } from '../../ui/index.ts';
import { RowButton, RowCheckbox } from '../../ui/list/index.ts';
import { CopyButton } from './CopyButton.tsx';
import { MISSING_DOMAIN_TEXT, type MissingDomain } from './domain-missing.ts';

export const SelectCell = memo(function SelectCell(props: {
  clientId: string;
  alias: string;
  checked: boolean;
  tabbable: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <RowCheckbox
      aria-label={`Select ${props.alias}`}
      isSelected={props.checked}
      tabbable={props.tabbable}
      onChange={(on) => props.onToggle(props.clientId, on)}
    />
  );
});

/** What a link of a bulk create shows until the service has made it and picked its alias. */
export const AWAITING_ALIAS = 'Alias from the service (after sync)';

/**
 * The short URL as host and alias: the alias is what tells links apart, so when the column is
 * narrow the host gives way first. The full URL is the tooltip. A link whose domain is not in the
 * list has no short URL: its alias and a badge that says why.
 */
export const ShortUrlCell = memo(function ShortUrlCell(props: {
  clientId: string;
  alias: string;
  url: string | null;
  missing?: MissingDomain | null;
  tabbable: boolean;
  onOpen: (clientId: string) => void;
}) {
  if (props.missing) {
    const { label, description } = MISSING_DOMAIN_TEXT[props.missing];
    return (
      <span className="short-url-missing">
        <button
          type="button"
          className="link-button short-url mono"
          onClick={() => props.onOpen(props.clientId)}
          title={description}
          aria-label={`${props.alias}, ${label}`}
          aria-description={description}
          tabIndex={props.tabbable ? undefined : -1}
        >
          <span className="short-url-alias">{props.alias}</span>
        </button>
        <Badge title={description}>{label}</Badge>
      </span>
    );
  }
  const shown = props.url?.replace(/^https?:\/\//, '') ?? null;
  const slash = shown ? shown.lastIndexOf('/' + props.alias) : -1;
  const host = shown && slash >= 0 ? shown.slice(0, slash + 1) : null;
  return (
    <button
      type="button"
      className="link-button short-url mono"
      onClick={() => props.onOpen(props.clientId)}
      title={props.url ?? props.alias}
      // Host and alias are flex items: without a label, screen readers would hear them as two words.
      aria-label={shown ?? (props.alias || AWAITING_ALIAS)}
      tabIndex={props.tabbable ? undefined : -1}
    >
      {host && <span className="short-url-host">{host}</span>}
      {props.alias === '' ? (
        <span className="muted">{AWAITING_ALIAS}</span>
      ) : (
        <span className="short-url-alias">{host ? props.alias : (shown ?? props.alias)}</span>
      )}
    </button>
  );
});

/**
 * Copy, in a column of its own so it sits in the same place on every row. A link the service has
 * not created yet has no working short URL: Copy waits, and says why. A link whose domain is not in
 * the list never gets one here: no Copy at all (the Short URL cell says why).
 */
export const CopyCell = memo(function CopyCell(props: {
  alias: string;
  url: string | null;
  created: boolean;
  missing?: MissingDomain | null;
  tabbable: boolean;
}) {
  if (props.missing) return null;
  const why =
    props.alias === ''
      ? 'The service picks this link’s alias: its short URL appears after the create'
      : !props.created
        ? 'The service has not created this link yet: its short URL works once it is synced'
        : props.url === null
          ? 'Its domain is not in your list of domains'
          : undefined;
  return (
    <CopyButton
      text={props.created ? props.url : null}
      label={props.alias ? `Copy short URL ${props.alias}` : 'Copy short URL (not made yet)'}
      title={why}
      tabbable={props.tabbable}
    />
  );
});

export const ActionsCell = memo(function ActionsCell(props: {
  clientId: string;
  alias: string;
  pinned: boolean;
  tabbable: boolean;
  onEdit: (id: string) => void;
  onPin: (id: string, pinned: boolean) => void;
}) {
  return (
    <>
      <RowButton aria-label={`Edit ${props.alias}`} tabbable={props.tabbable} onPress={() => props.onEdit(props.clientId)}>
        Edit
      </RowButton>
      <RowButton
        aria-label={`${props.pinned ? 'Unpin' : 'Pin'} ${props.alias}`}
        tabbable={props.tabbable}
        onPress={() => props.onPin(props.clientId, props.pinned)}
      >
        {props.pinned ? 'Unpin' : 'Pin'}
      </RowButton>
    </>
  );
});
