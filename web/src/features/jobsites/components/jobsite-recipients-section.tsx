import { Checkbox, MultiSelect, Stack } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import type { Option, SectionProps } from './jobsite-form-values';

/** Options plus any chosen id they lack (deleted, or still loading), so a value never vanishes. */
function withMissing(options: Option[], chosen: string[]): Option[] {
  const missing = chosen.filter((id) => !options.some((o) => o.value === id));
  return [...options, ...missing.map((id) => ({ value: id, label: 'Unknown (deleted?)' }))];
}

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
        <MultiSelect
          label="Workers"
          placeholder={values.workerIds.length === 0 ? 'Nobody chosen' : undefined}
          data={withMissing(workerOptions, values.workerIds)}
          value={values.workerIds}
          onChange={set('workerIds')}
          searchable
          clearable
          nothingFoundMessage="No worker by that name"
          error={err('recipients.workerIds')}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="Crews"
          description="Everyone in a chosen crew is notified."
          placeholder={values.crewIds.length === 0 ? 'No crew chosen' : undefined}
          data={withMissing(crewOptions, values.crewIds)}
          value={values.crewIds}
          onChange={set('crewIds')}
          searchable
          clearable
          nothingFoundMessage="No crew by that name"
          error={err('recipients.crewIds')}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label="Also notify the client"
          description="Sent to the client's email, when it has one."
          name="notifyClient"
          checked={values.notifyClient}
          onChange={(e) => set('notifyClient')(e.currentTarget.checked)}
          error={err('recipients.notifyClient')}
        />
      </Stack>
    </FormSection>
  );
}
