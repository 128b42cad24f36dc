import { Controller, type FieldPath, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../ui/index.ts';
import type { ContractForm } from './use-contract-form.ts';

/** The kit's TextField bound to a field of a contract form, with the message the form shows for it. */
export function FormTextField<V extends FieldValues, I>({
  form,
  name,
  deps,
  onValueChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'name'> & {
  form: ContractForm<V, I>;
  name: FieldPathByValue<V, string>;
  /** Fields whose messages depend on this one, checked again when it changes. */
  deps?: FieldPath<V>[];
  /** Called with the new and the previous value before the form takes the new one. */
  onValueChange?: (value: string, previous: string) => void;
}) {
  const error = form.errorFor(name);
  return (
    <Controller
      control={form.form.control}
      name={name}
      rules={deps ? { deps } : {}}
      render={({ field }) => (
        <TextField
          {...props}
          name={name}
          value={field.value as string}
          onChange={(value) => {
            onValueChange?.(value, field.value as string);
            field.onChange(value);
          }}
          error={error}
        />
      )}
    />
  );
}
