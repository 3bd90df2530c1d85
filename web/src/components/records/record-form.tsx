import { Alert, Button, Fieldset, Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContrast } from './form-contrast';
import { LeaveGuard } from './leave-guard';
import type { FormError, RecordFormProps, RecordFormState } from './use-record-form';

/** The save and cancel buttons of a form: the save button shows progress and takes no second click. */
export function SubmitBar({
  form,
  submitLabel,
  onCancel,
}: {
  form: Pick<RecordFormState, 'saving' | 'leave' | 'errors' | 'formError'>;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const failed = Object.keys(form.errors).length > 0 || !!form.formError;
  return (
    <Group gap="sm" wrap="wrap">
      <Button type="submit" loading={form.saving} disabled={form.saving}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="default" onClick={form.leave(onCancel)} disabled={form.saving}>
          Cancel
        </Button>
      ) : null}
      {/* A long form's first problem can be far above the button: say so where the user is looking. */}
      {failed && !form.saving ? (
        <Text size="sm" c="var(--mantine-color-error)">
          Not saved yet: see the marked fields.
        </Text>
      ) : null}
    </Group>
  );
}

/** One titled part of a record form (Site, Schedule, Notice times …). */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} p={{ base: 'xs', xs: 'md' }}>
      {children}
    </Fieldset>
  );
}

/**
 * The frame of every record form: the form element (named for screen readers and tests), the
 * form-level error at the top, the fields, the submit bar, and the leave-with-unsaved-changes guard.
 * `bar={false}` for forms that place their own button (the one-line "add a crew").
 * Given `noun` ("client"), the form is named "New client" or "Edit client" (as `editing`) and its
 * error "The client was not saved".
 */
export function RecordForm({
  form,
  noun,
  editing = false,
  label = `${editing ? 'Edit' : 'New'} ${noun ?? 'record'}`,
  errorTitle = noun ? `The ${noun} was not saved` : undefined,
  errorAction,
  page,
  submitLabel = page?.submitLabel ?? 'Save',
  onCancel = page?.onCancel,
  maw,
  gap = 'md',
  bar = true,
  guard = true,
  children,
}: {
  form: RecordFormState;
  /** Singular, lower case: "client". */
  noun?: string;
  editing?: boolean;
  label?: string;
  errorTitle?: string;
  /** What to offer under a form-level error (e.g. "See plans and upgrade" on a plan limit). */
  errorAction?: (error: FormError) => ReactNode;
  /** What the form's page gives it (RecordFormProps): the save button's words and Cancel. */
  page?: Pick<RecordFormProps<unknown, unknown>, 'submitLabel' | 'onCancel'>;
  submitLabel?: string;
  onCancel?: () => void;
  maw?: number;
  gap?: MantineSpacing;
  bar?: boolean;
  guard?: boolean;
  children: ReactNode;
}) {
  const contrast = useFormContrast();
  const action = form.formError ? errorAction?.(form.formError) : null;
  return (
    <form
      ref={form.ref}
      onSubmit={(event) => void form.submit(event)}
      noValidate
      style={contrast}
      aria-label={label}
    >
      <Stack gap={gap} maw={maw}>
        {form.formError ? (
          <Alert color="red" role="alert" title={errorTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{form.formError.message}</Text>
              {action}
            </Stack>
          </Alert>
        ) : null}
        {children}
        {bar ? <SubmitBar form={form} submitLabel={submitLabel} onCancel={onCancel} /> : null}
      </Stack>
      {guard ? <LeaveGuard unsaved={form.unsaved} dirty={form.dirty} /> : null}
    </form>
  );
}
