import { Checkbox, Stack } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import { checkField } from '../../../lib/form-errors';
import { RecordMultiSelect } from '../../../components/form-fields';
import { withMissing, type Option, type SectionProps } from './jobsite-form-values';

/** The two pickers of people, in order: their field, words, the placeholder when empty, and "no match". */
const PICKERS: {
  field: 'workerIds' | 'crewIds';
  label: string;
  description?: string;
  nobody: string;
  noMatch: string;
}[] = [
  { field: 'workerIds', label: 'Workers', nobody: 'Nobody chosen', noMatch: 'No worker by that name' },
  {
    field: 'crewIds',
    label: 'Crews',
    description: 'Everyone in a chosen crew is notified.',
    nobody: 'No crew chosen',
    noMatch: 'No crew by that name',
  },
];

/** Who is told: workers, whole crews, and the client. */
export function JobsiteRecipientsSection({
  form,
  workerOptions,
  crewOptions,
}: {
  form: SectionProps;
  workerOptions: Option[];
  crewOptions: Option[];
}) {
  const { values, set, err } = form;
  return (
    <FormSection legend="Who is notified">
      <Stack gap="md">
        {PICKERS.map(({ field, label, description, nobody, noMatch }) => (
          <RecordMultiSelect
            key={field}
            label={label}
            description={description}
            placeholder={values[field].length === 0 ? nobody : undefined}
            data={withMissing(field === 'workerIds' ? workerOptions : crewOptions, values[field])}
            value={values[field]}
            onChange={set(field)}
            nothingFoundMessage={noMatch}
            // The limit on workers and crews together (`recipients`) shows under the first picker.
            error={err(`recipients.${field}`) || (field === 'workerIds' ? err('recipients') : undefined)}
          />
        ))}
        <Checkbox
          label="Also notify the client"
          description="Sent to the client's email, when it has one."
          {...checkField(form)('notifyClient')}
          error={err('recipients.notifyClient')}
        />
      </Stack>
    </FormSection>
  );
}
