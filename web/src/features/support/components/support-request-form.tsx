import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { supportRequestInputSchema } from '../../../../../shared/support-schemas';
import { SUPPORT_BODY_MAX, SUPPORT_SUBJECT_MAX } from '../../../../../shared/support';
import {
  submitErrors,
  useFocusFirstInvalid,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { useCreateSupportRequest } from '../api/support-api';
import { TextAreaField, TextField } from '../../../components/form-fields';

interface Props {
  /** The page the form was opened from, sent with the request so support sees where it happened. */
  page: string;
  onSent: (id: string) => void;
  onCancel?: () => void;
}

const SHOWN = new Set(['subject', 'body']);

/** The Help form: subject and what happened; the page is filled in and shown, not typed. */
export function SupportRequestForm({ page, onSent, onCancel }: Props) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSupportRequest();
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = supportRequestInputSchema.safeParse({ subject, body, page });
    if (!parsed.success) {
      const fields = zodFieldErrors(parsed.error);
      setErrors(fields);
      setFormError(fields.page ?? null);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const { id } = await create.mutateAsync(parsed.data);
      onSent(id);
    } catch (error) {
      const split = submitErrors(error, (path) => SHOWN.has(path));
      setErrors(split.fields);
      setFormError(split.form);
      focusFirstInvalid();
    }
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Support request">
      <Stack gap="sm">
        <TextField
          label="Subject"
          required
          maxLength={SUPPORT_SUBJECT_MAX}
          value={subject}
          onValueChange={setSubject}
          error={errors.subject}
          aria-invalid={errors.subject ? true : undefined}
          data-autofocus
        />
        <TextAreaField
          label="What happened"
          description="What you did, what you expected and what you saw instead."
          required
          autosize
          minRows={4}
          maxLength={SUPPORT_BODY_MAX}
          value={body}
          onValueChange={setBody}
          error={errors.body}
          aria-invalid={errors.body ? true : undefined}
        />
        <Text size="sm" c="dimmed">
          Sent from{' '}
          <Text span ff="monospace">
            {page}
          </Text>
        </Text>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            Send to support
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
