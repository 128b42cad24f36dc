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

/** What a select with nothing chosen shows. */
const PLACEHOLDER = 'Choose…';

/** A labelled single-choice list (react-aria Select: typeahead, arrow keys, screen readers). */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  return (
    <Select
      className={`field select-field${props.className ? ` ${props.className}` : ''}`}
      selectedKey={props.value}
      onSelectionChange={(key) => key !== null && props.onChange(String(key) as V)}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled ?? false}
      placeholder={props.placeholder ?? PLACEHOLDER}
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

/** How a SelectField with these props looks, inert: a stand-in while it mounts (DeferredMount). */
export function SelectFieldLook<V extends string>(props: Pick<SelectFieldProps<V>, 'label' | 'value' | 'options' | 'placeholder' | 'className'>) {
  const chosen = props.options.find((option) => option.value === props.value);
  return (
    <div className={`field select-field${props.className ? ` ${props.className}` : ''}`} aria-hidden="true">
      <label>{props.label}</label>
      <div className="select-button">
        <span>{chosen?.label ?? props.placeholder ?? PLACEHOLDER}</span>
        <span className="select-chevron">▾</span>
      </div>
    </div>
  );
}
