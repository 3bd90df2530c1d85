import { Alert, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** Controlled by a string: `onValueChange` gets the input's value (e.g. a state setter). */
interface ValueProps {
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
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
