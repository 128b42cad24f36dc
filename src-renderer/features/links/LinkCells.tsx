// The list's row cells, memoised: a search keystroke re-renders only the rows that changed. Row
// controls are native (ui/list/RowControls.tsx): a keystroke may mount a whole page of rows.
import { memo } from 'react';
import { RowButton, RowCheckbox } from '../../ui/list/index.ts';
import { CopyButton } from './CopyButton.tsx';

export const SelectCell = memo(function SelectCell(props: { clientId: string; alias: string; checked: boolean; onToggle: (id: string, on: boolean) => void }) {
  return <RowCheckbox aria-label={`Select ${props.alias}`} isSelected={props.checked} onChange={(on) => props.onToggle(props.clientId, on)} />;
});

export const ShortUrlCell = memo(function ShortUrlCell(props: { clientId: string; alias: string; url: string | null; onOpen: (clientId: string) => void }) {
  return (
    <>
      <button type="button" className="link-button cell-text mono" onClick={() => props.onOpen(props.clientId)} title="Show details">
        {props.url?.replace(/^https?:\/\//, '') ?? props.alias}
      </button>
      <CopyButton text={props.url} label={`Copy short URL ${props.alias}`} />
    </>
  );
});

export const ActionsCell = memo(function ActionsCell(props: {
  clientId: string;
  alias: string;
  pinned: boolean;
  onEdit: (id: string) => void;
  onPin: (id: string, pinned: boolean) => void;
}) {
  return (
    <>
      <RowButton aria-label={`Edit ${props.alias}`} onPress={() => props.onEdit(props.clientId)}>
        Edit
      </RowButton>
      <RowButton aria-label={`${props.pinned ? 'Unpin' : 'Pin'} ${props.alias}`} onPress={() => props.onPin(props.clientId, props.pinned)}>
        {props.pinned ? 'Unpin' : 'Pin'}
      </RowButton>
    </>
  );
});
