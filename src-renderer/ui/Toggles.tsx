import { Checkbox as AriaCheckbox, Switch as AriaSwitch } from 'react-aria-components';

interface ToggleProps {
  label: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  /** Screen-reader name when the visible label is not enough (e.g. per-row checkboxes). */
  'aria-label'?: string;
  /** Out of the Tab order (a list row that is not the list's Tab stop). */
  excludeFromTabOrder?: boolean;
}

export function Checkbox({ label, ...props }: ToggleProps) {
  return (
    <AriaCheckbox className="checkbox" {...props} isDisabled={props.isDisabled ?? false}>
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 16 16">
          <polyline points="3.5 8.5 6.5 11.5 12.5 4.5" />
        </svg>
      </span>
      {label}
    </AriaCheckbox>
  );
}

export function Switch({ label, description, ...props }: ToggleProps & { description?: string | undefined }) {
  const toggle = (
    <AriaSwitch className="switch" {...props} isDisabled={props.isDisabled ?? false}>
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {label}
    </AriaSwitch>
  );
  if (!description) return toggle;
  return (
    <div className="toggle-with-description">
      {toggle}
      <span className="field-description">{description}</span>
    </div>
  );
}
