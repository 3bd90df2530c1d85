import { Chip, Group, Input, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { DaysOffEditor } from '../../../components/days-off-editor';
import { FormSection } from '../../../components/records/record-form';
import { checkField, textField } from '../../../lib/form-errors';
import { newKey, type SectionProps } from './jobsite-form-values';

export const WEEKDAYS = [
  { value: '1', short: 'Mon', long: 'Monday' },
  { value: '2', short: 'Tue', long: 'Tuesday' },
  { value: '3', short: 'Wed', long: 'Wednesday' },
  { value: '4', short: 'Thu', long: 'Thursday' },
  { value: '5', short: 'Fri', long: 'Friday' },
  { value: '6', short: 'Sat', long: 'Saturday' },
  { value: '7', short: 'Sun', long: 'Sunday' },
];

/** When work happens: the working days, the hours, the dates of the job, and whether it is checked at all. */
export function JobsiteWorkingDaysSection({ form }: { form: SectionProps }) {
  const { values, set, err } = form;
  const text = textField(form);
  const ids = useId();
  const daysError = err('workingDays');
  return (
    <FormSection legend="Schedule">
      <Stack gap="md">
        <Input.Wrapper
          label="Working days"
          id={`${ids}-days`}
          error={daysError}
          description="Notices are only sent about these days."
        >
          <Group
            gap={6}
            mt={6}
            role="group"
            aria-labelledby={`${ids}-days-label`}
            aria-invalid={daysError ? true : undefined}
            tabIndex={daysError ? -1 : undefined}
          >
            <Chip.Group multiple value={values.workingDays} onChange={set('workingDays')}>
              {WEEKDAYS.map((d) => (
                <Chip key={d.value} value={d.value} size="sm" aria-label={d.long}>
                  {d.short}
                </Chip>
              ))}
            </Chip.Group>
          </Group>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <TextInput
            label="Work starts"
            type="time"
            required
            {...text('start')}
            error={err('workingHours.start')}
          />
          <TextInput
            label="Work ends"
            type="time"
            required
            {...text('end')}
            error={err('workingHours.end', 'workingHours')}
          />
          <TextInput label="Start date" type="date" {...text('startDate')} />
          <TextInput label="End date" type="date" {...text('endDate')} />
        </SimpleGrid>
        {values.end && values.start && values.end < values.start ? (
          <Text size="sm" c="dimmed" role="status">
            Night shift: work runs past midnight to {values.end} the next morning. Its hours belong to the day
            the shift starts, as do its notices and ledger days.
          </Text>
        ) : null}
        <JobsiteDaysOff form={form} />
        <Switch
          label="Active: check the forecast and send notices"
          description="Pause a jobsite between phases without losing its setup."
          {...checkField(form)('active')}
        />
      </Stack>
    </FormSection>
  );
}

/** The jobsite's own days off (a shutdown week), beside the account's holiday calendar in Settings. */
function JobsiteDaysOff({ form }: { form: SectionProps }) {
  const { values, set, err } = form;
  return (
    <Input.Wrapper
      label="Days off at this jobsite"
      description="No notice goes out and the ledger does not count these days. Public holidays come from Settings."
      error={err('nonWorkingDates')}
    >
      <Stack mt={6}>
        <DaysOffEditor
          rows={values.nonWorkingDates}
          onChange={set('nonWorkingDates')}
          newRow={() => ({ key: newKey(), date: '', name: '' })}
          error={(path) => err(`nonWorkingDates.${path}`)}
          label="Jobsite day off"
          placeholder="Shutdown week"
        />
      </Stack>
    </Input.Wrapper>
  );
}
