import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
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

const shows = (path: string) => path === 'name' || path === 'notes' || path === 'hourlyRateCents';

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
  // Entered in dollars, stored in integer cents.
  const [rate, setRate] = useState<string | number>(
    crew?.hourlyRateCents != null ? crew.hourlyRateCents / 100 : '',
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const contrast = useFormContrast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hourlyRateCents = rate === '' ? null : Math.round(Number(rate) * 100);
    const parsed = crewInputSchema.safeParse(compact && !crew ? { name } : { name, notes, hourlyRateCents });
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
          <NumberInput
            label="Hourly rate per worker"
            description="What one worker of this crew costs an hour; analytics uses it for the cost of delay."
            name="hourlyRateCents"
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            thousandSeparator=","
            value={rate}
            onChange={setRate}
            error={errors.hourlyRateCents}
            maw={240}
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
