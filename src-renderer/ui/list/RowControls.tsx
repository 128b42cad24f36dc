// Controls for dense rows and pagers: native elements in the kit's look. A search keystroke can
// mount a whole page of new rows; react-aria's per-control hooks (press, hover, focus ring) cost
// ~1 ms a control there, a native button or checkbox almost nothing, with the same roles and keys.
import type { ReactNode } from 'react';

export interface RowButtonProps {
  onPress: () => void;
  children: ReactNode;
  'aria-label'?: string;
  isDisabled?: boolean;
  title?: string;
  variant?: 'ghost' | 'secondary';
  /** False keeps it out of the Tab order (a list row that is not the list's Tab stop). */
  tabbable?: boolean;
}

/** A small outlined button (`.btn .btn-small`), the one row-action look (ui/README). */
export function RowButton({ onPress, children, isDisabled, variant = 'secondary', tabbable, ...aria }: RowButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-${variant} btn-small btn-native`}
      disabled={isDisabled}
      onClick={onPress}
      tabIndex={tabbable === false ? -1 : undefined}
      {...aria}
    >
      {children}
    </button>
  );
}

export interface RowCheckboxProps {
  'aria-label': string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  /** False keeps it out of the Tab order (a list row that is not the list's Tab stop). */
  tabbable?: boolean;
}

/** A checkbox without a visible label (row and "select page" checkboxes). */
export function RowCheckbox({ isSelected, onChange, tabbable, ...aria }: RowCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="row-checkbox"
      checked={isSelected}
      onChange={(event) => onChange(event.target.checked)}
      tabIndex={tabbable === false ? -1 : undefined}
      {...aria}
    />
  );
}
