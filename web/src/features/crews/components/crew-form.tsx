import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { crewInputSchema, type Crew, type CrewFields } from '../../../../../shared/records/crew';
import { FormErrorAlert } from '../../../components/form-fields';
import { useFormContrast } from '../../../components/records/form-contrast';
import {
  submitErrors,
  useFocusFirstInvalid,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';

const shows = (path: string) => path === 'name' || path === 'notes';

/**
 * A crew's name (and notes unless `compact`): the one-line "add a crew" form of the crews list, and
 * the rename form of a crew's page. Validated with crewInputSchema, the API's own.
 */
export function CrewForm({
  crew,
  compact = false,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
}: {
  crew?: Crew;
  compact?: boolean;
  submitLabel: string;
  onSubmit: (input: CrewFields) => Promise<Crew>;
  onSaved: (crew: Crew) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(crew?.name ?? '');
  const [notes, setNotes] = useState(crew?.notes ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const contrast = useFormContrast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = crewInputSchema.safeParse(compact && !crew ? { name } : { name, notes });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setFormError(null);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = await onSubmit(parsed.data);
      toast.success(crew ? `${saved.name} has been saved.` : `Crew ${saved.name} has been created.`);
      if (!crew) setName('');
      onSaved(saved);
    } catch (error) {
      const result = submitErrors(error, shows);
      setErrors(result.fields);
      setFormError(result.form);
      focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  const nameInput = (
    <TextInput
      label="Crew name"
      name="name"
      required
      value={name}
      onChange={(e) => setName(e.currentTarget.value)}
      error={errors.name}
      placeholder={compact ? 'e.g. Framing crew' : undefined}
      style={compact ? { flex: '1 1 14rem' } : undefined}
    />
  );

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      style={contrast}
      aria-label={crew ? 'Edit crew' : 'New crew'}
    >
      {compact ? (
        <Stack gap="xs">
          <FormErrorAlert message={formError} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            {nameInput}
            <Button type="submit" loading={saving} mt={{ base: 0, xs: 25 }}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" maw={560}>
          <FormErrorAlert message={formError} title="The crew was not saved" />
          {nameInput}
          <Textarea
            label="Notes"
            name="notes"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={errors.notes}
          />
          <Group>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </form>
  );
}
