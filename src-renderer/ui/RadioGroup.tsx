import { Label, Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled set of choices in a row (react-aria RadioGroup: arrow keys move, one tab stop). */
export function RadioGroup<V extends string>(props: {
  label: string;
  /** Hide the label visually (it stays the group's accessible name). */
  hideLabel?: boolean;
  value: V | null;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <AriaRadioGroup className="radio-group" value={props.value} onChange={(value) => props.onChange(value as V)} orientation="horizontal">
      <Label className={props.hideLabel ? 'visually-hidden' : 'field-label'}>{props.label}</Label>
      <div className="radio-options">
        {props.options.map((option) => (
          <Radio key={option.value} value={option.value} className="radio">
            <span className="radio-dot" aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
    </AriaRadioGroup>
  );
}
