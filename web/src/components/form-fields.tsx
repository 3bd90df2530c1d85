import {
  Alert,
  MultiSelect,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type MultiSelectProps,
  type PasswordInputProps,
  type SelectProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { Ref } from 'react';

/** Controlled by a string: `onValueChange` gets the input's value (e.g. a state setter). */
interface ValueProps {
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A text input controlled by a string: `<TextField label="Name" value={name} onValueChange={setName} />`. */
export function TextField({
  value,
  onValueChange,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & ValueProps) {
  return <TextInput {...rest} value={value} onChange={(e) => onValueChange(e.currentTarget.value)} />;
}

/** A textarea controlled by a string, as TextField. */
export function TextAreaField({
  value,
  onValueChange,
  ref,
  ...rest
}: Omit<TextareaProps, 'value' | 'onChange' | 'ref'> &
  Omit<ValueProps, 'ref'> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Textarea {...rest} ref={ref} value={value} onChange={(e) => onValueChange(e.currentTarget.value)} />
  );
}

/*
 * Choosing records (a client, workers, crews) from a list that may be long: typed to search, emptied
 * with ×, and the dropdown in a portal so a card or modal around it does not clip it.
 */
const PICK_RECORDS = { searchable: true, clearable: true, comboboxProps: { withinPortal: true } } as const;

/** Choose one record: a searchable, clearable Select. */
export function RecordSelect(props: SelectProps) {
  return <Select {...PICK_RECORDS} {...props} />;
}

/** Choose several records: a searchable, clearable MultiSelect. */
export function RecordMultiSelect(props: MultiSelectProps) {
  return <MultiSelect {...PICK_RECORDS} {...props} />;
}

/**
 * A Select where one option is always chosen (no deselect), typed by its values: `onValueChange` gets
 * a `T`, not Mantine's `string | null`.
 */
export function ChoiceSelect<T extends string>({
  value,
  onValueChange,
  ...rest
}: Omit<SelectProps, 'value' | 'onChange' | 'allowDeselect'> & {
  value: T;
  onValueChange: (value: T) => void;
}) {
  return (
    <Select {...rest} value={value} allowDeselect={false} onChange={(v) => v && onValueChange(v as T)} />
  );
}

type EmailFieldProps = Omit<TextInputProps, 'label' | 'type' | 'name' | 'required' | 'value' | 'onChange'> &
  ValueProps;

/** The required "Email" input (name `email`, autocomplete `email` unless given). */
export function EmailField({ value, onValueChange, autoComplete = 'email', ...rest }: EmailFieldProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      required
      {...rest}
      value={value}
      onChange={(e) => onValueChange(e.currentTarget.value)}
    />
  );
}

type PasswordFieldProps = Omit<PasswordInputProps, 'label' | 'required' | 'value' | 'onChange'> &
  ValueProps & {
    /** `current-password` or `new-password`. */
    autoComplete: 'current-password' | 'new-password';
    label?: string;
  };

/**
 * A required password input, labelled "Password" (name `password`) unless told otherwise. Mantine's
 * PasswordInput does not mark itself invalid for screen readers when it shows an error, so this does.
 */
export function PasswordField({
  value,
  onValueChange,
  label = 'Password',
  name = 'password',
  ...rest
}: PasswordFieldProps) {
  return (
    <PasswordInput
      label={label}
      name={name}
      required
      aria-invalid={rest.error ? true : undefined}
      {...rest}
      value={value}
      onChange={(e) => onValueChange(e.currentTarget.value)}
    />
  );
}

/** A form-level error (one not tied to a field); renders nothing without a message. */
export function FormErrorAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (message == null) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
    </Alert>
  );
}
