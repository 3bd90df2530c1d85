import { Checkbox, Stack } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import { checkField } from '../../../lib/form-errors';
import { RecordMultiSelect } from '../../../components/form-fields';
import { withMissing, type Option, type SectionProps } from './jobsite-form-values';

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
        <RecordMultiSelect
          label="Workers"
          placeholder={values.workerIds.length === 0 ? 'Nobody chosen' : undefined}
          data={withMissing(workerOptions, values.workerIds)}
          value={values.workerIds}
          onChange={set('workerIds')}
          nothingFoundMessage="No worker by that name"
          error={err('recipients.workerIds')}
        />
        <RecordMultiSelect
          label="Crews"
          description="Everyone in a chosen crew is notified."
          placeholder={values.crewIds.length === 0 ? 'No crew chosen' : undefined}
          data={withMissing(crewOptions, values.crewIds)}
          value={values.crewIds}
          onChange={set('crewIds')}
          nothingFoundMessage="No crew by that name"
          error={err('recipients.crewIds')}
        />
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
