import { Button, Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import { crewInputSchema, type Crew, type CrewFields } from '../../../../../shared/records/crew';
import { RecordForm } from '../../../components/records/record-form';
import { useRecordForm, type RecordFormProps } from '../../../components/records/use-record-form';
import { textField } from '../../../lib/form-errors';

const shows = (path: string) => path === 'name' || path === 'notes' || path === 'hourlyRateCents';

/** Dollars as typed (a number, or '' for none) to integer cents; a typed sign is kept for the schema to judge. */
const toCents = (rate: string | number) => (rate === '' ? null : Math.round(Number(rate) * 100));

/**
 * A crew's name (and notes and rate unless `compact`): the one-line "add a crew" form of the crews list,
 * and the edit form of a crew. Validated with crewInputSchema, the API's own.
 */
export function CrewForm({
  crew,
  compact = false,
  ...page
}: {
  crew?: Crew;
  compact?: boolean;
} & RecordFormProps<Crew, CrewFields>) {
  const adding = compact && !crew;
  const form = useRecordForm({
    initial: () => ({
      name: crew?.name ?? '',
      notes: crew?.notes ?? '',
      // Entered in dollars, stored in integer cents.
      rate: (crew?.hourlyRateCents != null ? crew.hourlyRateCents / 100 : '') as string | number,
    }),
    schema: crewInputSchema,
    toInput: ({ name, notes, rate }) => (adding ? { name } : { name, notes, hourlyRateCents: toCents(rate) }),
    shows,
    onSubmit: page.onSubmit,
    onSaved: page.onSaved,
    savedMessage: (saved) =>
      crew ? `${saved.name} has been saved.` : `Crew ${saved.name} has been created.`,
    resetOnSave: !crew,
  });
  const { values, set, errors } = form;
  const text = textField(form);

  const nameInput = (
    <TextInput
      label="Crew name"
      required
      {...text('name')}
      placeholder={compact ? 'e.g. Framing crew' : undefined}
      style={compact ? { flex: '1 1 14rem' } : undefined}
    />
  );

  if (compact) {
    return (
      <RecordForm form={form} label="New crew" gap="xs" bar={false} guard={false}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {nameInput}
          <Button type="submit" loading={form.saving} mt={{ base: 0, xs: 25 }}>
            {page.submitLabel}
          </Button>
        </Group>
      </RecordForm>
    );
  }
  return (
    <RecordForm form={form} noun="crew" editing={!!crew} page={page} maw={560}>
      {nameInput}
      <Textarea label="Notes" autosize minRows={2} {...text('notes')} />
      {/* No min and no clamping: a typed -45 must reach the schema and be refused with its reason, not become $0. */}
      <NumberInput
        label="Hourly rate per worker"
        description="What one worker of this crew costs an hour; analytics uses it for the cost of delay."
        name="hourlyRateCents"
        prefix="$"
        decimalScale={2}
        fixedDecimalScale
        clampBehavior="none"
        thousandSeparator=","
        value={values.rate}
        onChange={set('rate')}
        error={errors.hourlyRateCents}
        maw={240}
      />
    </RecordForm>
  );
}
