import { SimpleGrid, TextInput } from '@mantine/core';
import {
  LIFE_SAFETY_ESCALATION_MINUTES,
  MAX_ESCALATION_MINUTES,
  MIN_ESCALATION_MINUTES,
} from '../../../../../shared/confirmations';
import { FormSection } from '../../../components/records/record-form';
import { textField } from '../../../lib/form-errors';
import { RecordSelect } from '../../../components/form-fields';
import { withMissing, type Option, type SectionProps } from './jobsite-form-values';

/**
 * Crew confirmation: the foreman each delay notice asks "crew stood down or working anyway?", and how
 * long an unanswered notice waits before the jobsite's managers are told.
 */
export function JobsiteForemanSection({
  form,
  workerOptions,
}: {
  form: SectionProps;
  workerOptions: Option[];
}) {
  const { values, set, err } = form;
  const chosen = values.foremanWorkerId;
  return (
    <FormSection legend="Crew confirmation">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RecordSelect
          label="Foreman"
          description="Gets every delay notice with two buttons: crew stood down, or working anyway."
          placeholder="No foreman"
          data={withMissing(workerOptions, chosen ? [chosen] : [])}
          value={chosen}
          onChange={(value) => set('foremanWorkerId')(value)}
          nothingFoundMessage="No worker by that name"
          error={err('foremanWorkerId')}
        />
        <TextInput
          label="Escalate after (minutes)"
          description={`${MIN_ESCALATION_MINUTES} to ${MAX_ESCALATION_MINUTES}. Unanswered, the jobsite's managers and your account email are told; lightning and official warnings after ${LIFE_SAFETY_ESCALATION_MINUTES}.`}
          inputMode="numeric"
          {...textField(form)('escalationMinutes')}
          error={err('escalationMinutes')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
