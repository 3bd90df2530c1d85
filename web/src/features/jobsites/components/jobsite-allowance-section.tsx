import { Input, SimpleGrid, TextInput } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import type { SectionProps } from './jobsite-form-values';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The contract's anticipated weather days per month (the USACE-style baseline). A month out of range is
 * marked and its reason ("February has at most 29 days", naming the month) shows right under the months:
 * a twelfth of the row is too narrow to hold it.
 */
export function JobsiteAllowanceSection({ form }: { form: SectionProps }) {
  const { values, set, errors } = form;
  const monthError = (i: number) => errors[`anticipatedWeatherDays.${i}`];
  const reasons = MONTHS.map((_, i) => monthError(i)).filter(Boolean);
  return (
    <FormSection legend="Weather-day allowance">
      <Input.Wrapper
        label="Anticipated weather days per month"
        description="From the contract (the USACE-style baseline); the weather-day ledger counts the days beyond them. Leave empty if none."
        error={errors.anticipatedWeatherDays ?? (reasons.length > 0 ? reasons.join(' ') : undefined)}
      >
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 6, md: 12 }} spacing="xs" mt={6}>
          {MONTHS.map((month, i) => (
            <TextInput
              key={month}
              label={month}
              aria-label={`Anticipated weather days in ${month}`}
              inputMode="numeric"
              name={`anticipated-${i}`}
              value={values.anticipated[i]}
              error={monthError(i) ? true : undefined}
              onChange={(e) => {
                const next = [...values.anticipated];
                next[i] = e.currentTarget.value;
                set('anticipated')(next);
              }}
            />
          ))}
        </SimpleGrid>
      </Input.Wrapper>
    </FormSection>
  );
}
