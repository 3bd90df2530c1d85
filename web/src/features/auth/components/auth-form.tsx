import { Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormErrorAlert } from '../../../components/form-fields';

/**
 * The frame of a sign-up or password step: the form (named `label` for screen readers and tests), its
 * heading when the page has none of its own, a line or banner under it (`intro`), then the failure that
 * belongs to no field (`formError`), above the fields.
 */
export function AuthForm({
  label,
  onSubmit,
  heading,
  intro,
  formError,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  heading?: string;
  intro?: ReactNode;
  /** Shown in FormErrorAlert above the fields; a step whose failure sits elsewhere leaves it out. */
  formError?: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={label}>
      <Stack gap="md">
        {heading ? (
          <Title order={1} size="h3">
            {heading}
          </Title>
        ) : null}
        {intro}
        {formError === undefined ? null : <FormErrorAlert message={formError} />}
        {children}
      </Stack>
    </form>
  );
}
