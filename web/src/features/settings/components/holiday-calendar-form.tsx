import {
  Badge,
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { HolidayCalendarView, HolidayDate } from '../../../../../shared/holidays';
import { holidayCalendarInputSchema } from '../../../../../shared/holidays-schema';
import { DaysOffEditor } from '../../../components/days-off-editor';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { zodFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useHolidayCountries, useHolidays, useSaveHolidays } from '../api/holidays';
import { FormErrorAlert } from '../../../components/form-fields';
import { readOrPlaceholder } from '../../../components/records/query-state';
import { WHOLE } from '../../../components/badge-style';
import { shortDate } from '../../../lib/day-format';

const SAVE_FAILED = 'The holiday calendar could not be saved. Try again.';
const LOAD_FAILED = 'The holiday calendar could not be loaded.';

/**
 * The account's holiday calendar (Settings): a country and region preset of public holidays plus the
 * account's own days off. No notice goes out for these days and the ledger never counts them.
 */
export function HolidayCalendarSection() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const calendar = useHolidays(year);
  const current = useHolidays(thisYear);
  const read = readOrPlaceholder(current, {
    label: 'Loading the holiday calendar',
    height: 160,
    failed: LOAD_FAILED,
  });
  if (read.placeholder) return read.placeholder;
  return (
    <Stack gap="lg">
      <HolidayCalendarForm key={`${read.data.country}-${read.data.region}`} calendar={read.data} />
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} id="holiday-list-title">
            Days nobody works in {year}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Year"
            value={String(year)}
            onChange={(v) => setYear(Number(v))}
            data={[thisYear, thisYear + 1].map((y) => ({ value: String(y), label: String(y) }))}
          />
        </Group>
        {calendar.data ? <HolidayList dates={calendar.data.dates} /> : <Skeleton h={120} />}
      </Stack>
    </Stack>
  );
}

function SourceBadge({ source }: { source: HolidayCalendarView['dates'][number]['source'] }) {
  return (
    <Badge size="sm" variant="light" color={source === 'preset' ? 'gray' : 'blue'} style={WHOLE}>
      {source === 'preset' ? 'Public holiday' : 'Your day off'}
    </Badge>
  );
}

function HolidayList({ dates }: { dates: HolidayCalendarView['dates'] }) {
  if (dates.length === 0) return <Text size="sm">No public holidays or days off this year.</Text>;
  return (
    <Table aria-labelledby="holiday-list-title" verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {dates.map((d) => (
          <Table.Tr key={`${d.date}-${d.source}`}>
            <Table.Td w={120} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {shortDate(d.date)}
            </Table.Td>
            <Table.Td>
              {d.name}
              {/* A phone has no room for a third column: the kind goes under the name. */}
              <Box hiddenFrom="sm" mt={2}>
                <SourceBadge source={d.source} />
              </Box>
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              <SourceBadge source={d.source} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HolidayCalendarForm({ calendar }: { calendar: HolidayCalendarView }) {
  const countries = useHolidayCountries();
  const save = useSaveHolidays();
  const [country, setCountry] = useState(calendar.country);
  const [region, setRegion] = useState<string | null>(calendar.region);
  const [extra, setExtra] = useState<HolidayDate[]>(calendar.extraDates);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const regions = countries.data?.countries.find((c) => c.code === country)?.regions ?? [];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = holidayCalendarInputSchema.safeParse({ country, region, extraDates: extra });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Holiday calendar saved.');
    } catch (error) {
      const message = friendlyErrorMessage(error, SAVE_FAILED);
      setErrors({ [error instanceof ApiError && error.field ? error.field : 'form']: message });
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Holiday calendar" noValidate>
      <Stack gap="md" maw={560}>
        <FormErrorAlert message={errors.form} />
        <Text size="sm" c="dimmed">
          No notice goes out for a public holiday or one of your days off, and the weather-day ledger never
          counts them. Each jobsite can add its own days (a shutdown week) in its schedule.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Country"
            searchable
            data={(countries.data?.countries ?? [{ code: country, name: country }]).map((c) => ({
              value: c.code,
              label: c.name,
            }))}
            value={country}
            onChange={(v) => {
              if (!v) return;
              setCountry(v);
              setRegion(null);
            }}
            allowDeselect={false}
            error={errors.country}
          />
          <Select
            label="State or province"
            placeholder="Whole country"
            searchable
            clearable
            data={regions.map((r) => ({ value: r.code, label: r.name }))}
            value={region}
            onChange={setRegion}
            disabled={regions.length === 0}
            error={errors.region}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={500} size="sm" id="extra-dates-label">
            Your own days off
          </Text>
          {extra.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet.
            </Text>
          ) : null}
          <DaysOffEditor
            rows={extra}
            onChange={setExtra}
            newRow={() => ({ date: '', name: '' })}
            error={(path) => errors[`extraDates.${path}`]}
            label="Day off"
            placeholder="Company picnic"
          />
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save holiday calendar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
