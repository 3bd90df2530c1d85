import { Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  LIFE_SAFETY_ESCALATION_MINUTES,
  MAX_ESCALATION_MINUTES,
  MIN_ESCALATION_MINUTES,
} from '../../../../../shared/confirmations';
import { FormSection } from '../../../components/records/record-form';
import type { Option, SectionProps } from './jobsite-form-values';

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
  const data =
    chosen && !workerOptions.some((o) => o.value === chosen)
      ? [...workerOptions, { value: chosen, label: 'Unknown (deleted?)' }]
      : workerOptions;
  return (
    <FormSection legend="Crew confirmation">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Foreman"
          description="Gets every delay notice with two buttons: crew stood down, or working anyway."
          placeholder="No foreman"
          data={data}
          value={chosen}
          onChange={(value) => set('foremanWorkerId')(value)}
          searchable
          clearable
          nothingFoundMessage="No worker by that name"
          error={err('foremanWorkerId')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Escalate after (minutes)"
          description={`${MIN_ESCALATION_MINUTES} to ${MAX_ESCALATION_MINUTES}. Unanswered, the jobsite's managers and your account email are told; lightning and official warnings after ${LIFE_SAFETY_ESCALATION_MINUTES}.`}
          name="escalationMinutes"
          inputMode="numeric"
          value={values.escalationMinutes}
          onChange={(e) => set('escalationMinutes')(e.currentTarget.value)}
          error={err('escalationMinutes')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
