import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | null;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  error?: string | undefined;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
}

/** A labelled single-choice list (react-aria Select: typeahead, arrow keys, screen readers). */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  return (
    <Select
      className={`field select-field${props.className ? ` ${props.className}` : ''}`}
      selectedKey={props.value}
      onSelectionChange={(key) => key !== null && props.onChange(String(key) as V)}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled ?? false}
      placeholder={props.placeholder ?? 'Choose…'}
      validationBehavior="aria"
    >
      <Label>{props.label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="select-chevron">
          ▾
        </span>
      </Button>
      <FieldError className="field-error">{props.error}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox">
          {props.options.map((option) => (
            <ListBoxItem key={option.value} id={option.value} className="listbox-item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** How a SelectField with `label` showing `text` looks, inert: a stand-in while it mounts (DeferredMount). */
export function SelectFieldLook({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    <div className={`field select-field${className ? ` ${className}` : ''}`} aria-hidden="true">
      <label>{label}</label>
      <div className="select-button">
        <span>{text}</span>
        <span className="select-chevron">▾</span>
      </div>
    </div>
  );
}
