import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import {
  MAX_SCHEDULE_RECIPIENTS,
  reportScheduleInputSchema,
  type ReportCadence,
  type ReportSchedule,
} from '../../../../../shared/report-schedules';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useSaveReportSchedule, useStopReportSchedule } from '../api/report-schedules-api';

const CADENCE_HELP: Record<ReportCadence, string> = {
  weekly: 'Each Monday: the PDF of the week before, Monday to Sunday.',
  monthly: 'On the 1st of each month: the PDF of the month before.',
};

/** The addresses as typed: one per line, or separated by commas, semicolons or spaces. */
const addressesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The report's schedule: cadence and addresses, errors next to each field (the shared schema's, then
 * the server's). Saving is a PUT of the one schedule, and a second click while one is on its way is
 * ignored, so a double click saves once.
 */
export function ReportScheduleForm({
  reportId,
  schedule,
}: {
  reportId: string;
  schedule: ReportSchedule | null;
}) {
  const save = useSaveReportSchedule(reportId);
  const stop = useStopReportSchedule(reportId);
  const [cadence, setCadence] = useState<ReportCadence>(schedule?.cadence ?? 'monthly');
  const [addresses, setAddresses] = useState((schedule?.to ?? []).join('\n'));
  const [errors, setErrors] = useState<{ cadence?: string; to?: string }>({});
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const typed = addressesOf(addresses);
    const parsed = reportScheduleInputSchema.safeParse({ cadence, to: typed });
    if (!parsed.success) {
      const next: { cadence?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'cadence' ? 'cadence' : 'to';
        const index = typeof issue.path[1] === 'number' ? issue.path[1] : null;
        next[field] ??= index === null ? issue.message : `${typed[index]}: ${issue.message}`;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    inFlight.current = true;
    try {
      await save.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: `Scheduled ${parsed.data.cadence}.` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.field) {
        setErrors({ [error.field.startsWith('to') ? 'to' : 'cadence']: error.detail ?? error.message });
      } else {
        notifications.show({
          color: 'red',
          message: friendlyErrorMessage(error, 'The schedule could not be saved.'),
        });
      }
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Schedule" noValidate>
      <Stack gap="sm">
        <Radio.Group
          label="Cadence"
          value={cadence}
          onChange={(v) => setCadence(v as ReportCadence)}
          error={errors.cadence}
          description={CADENCE_HELP[cadence]}
        >
          <Group mt={6}>
            <Radio value="weekly" label="Weekly" />
            <Radio value="monthly" label="Monthly" />
          </Group>
        </Radio.Group>
        <Textarea
          label="Send to"
          description={`Up to ${MAX_SCHEDULE_RECIPIENTS} addresses, one per line or separated by commas.`}
          placeholder="owners.rep@example.com"
          autosize
          minRows={2}
          value={addresses}
          onChange={(e) => setAddresses(e.currentTarget.value)}
          error={errors.to}
        />
        {schedule ? (
          <Text size="sm" c="dimmed">
            Weeks and months follow the {schedule.timezone} time zone, where most of the report’s jobsites
            are. Each period is emailed once, with the PDF attached (a download link above 7 MB).
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {schedule ? 'Save schedule' : 'Schedule report'}
          </Button>
          {schedule ? (
            <Button
              variant="default"
              loading={stop.isPending}
              onClick={() =>
                stop.mutate(undefined, {
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      message: friendlyErrorMessage(error, 'The schedule could not be stopped.'),
                    }),
                })
              }
            >
              Stop emailing
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
