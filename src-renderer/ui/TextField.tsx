import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; the field is marked invalid while set. */
  error?: string | undefined;
  description?: ReactNode;
  type?: 'text' | 'url' | 'password' | 'email' | 'search' | 'number' | 'datetime-local';
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  autoFocus?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  isRequired?: boolean;
  name?: string;
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  /** A control beside the input (a picker's button), inside the field so the message stays under both. */
  trailing?: ReactNode;
}

/** A labelled text input with description and error, validation shown as the contract's message. */
export function TextField({ inputRef, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      className={`field${props.className ? ` ${props.className}` : ''}`}
      value={props.value}
      onChange={props.onChange}
      isInvalid={Boolean(props.error)}
      isDisabled={props.isDisabled ?? false}
      isReadOnly={props.isReadOnly ?? false}
      isRequired={props.isRequired ?? false}
      type={props.type ?? 'text'}
      {...(props.name ? { name: props.name } : {})}
      autoFocus={props.autoFocus ?? false}
      validationBehavior="aria"
    >
      <Label>{props.label}</Label>
      {props.multiline ? (
        <TextArea rows={props.rows ?? 4} placeholder={props.placeholder} onKeyDown={props.onKeyDown} />
      ) : props.trailing ? (
        <div className="input-row">
          <Input placeholder={props.placeholder} ref={inputRef} onKeyDown={props.onKeyDown} autoComplete="off" spellCheck={false} />
          {props.trailing}
        </div>
      ) : (
        <Input placeholder={props.placeholder} ref={inputRef} onKeyDown={props.onKeyDown} autoComplete="off" spellCheck={false} />
      )}
      {props.description && !props.error && (
        <Text slot="description" className="field-description">
          {props.description}
        </Text>
      )}
      <FieldError className="field-error">{props.error}</FieldError>
    </AriaTextField>
  );
}
