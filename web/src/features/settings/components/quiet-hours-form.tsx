import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../../shared/messages';
import { DEFAULT_QUIET_HOURS, quietHoursSchema, type QuietHours } from '../../../../../shared/quiet-hours';
import { useSchemaSubmit } from '../../../lib/use-schema-submit';
import { noticeTimesHeldByQuietHours } from '../../../../../shared/quiet-hours-notices';
import { QuietHoursWarning } from '../../../components/quiet-hours-warning';
import { ChoiceSelect, FormErrorAlert } from '../../../components/form-fields';

const FIELDS: readonly (keyof QuietHours)[] = ['enabled', 'start', 'end'];

/** Every quarter hour of the day, "00:00" … "23:45". */
const TIMES = Array.from({ length: 96 }, (_, i) => {
  const value = `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  return { value, label: value };
});

/** A time of day in quarter hours; one is always chosen. */
function TimeSelect({
  onChange,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (time: string) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  return <ChoiceSelect {...rest} data={TIMES} onValueChange={onChange} maxDropdownHeight={240} />;
}

/** Quiet hours; validated with the same zod schema as PUT /api/me/quiet-hours. */
export function QuietHoursForm({
  quietHours,
  jobsites = [],
  onSave,
}: {
  quietHours: QuietHours | undefined;
  /** The account's jobsites: the form warns, as the times are chosen, which notices would wait. */
  jobsites?: readonly { name: string; noticeTimes: readonly { time: string }[] }[];
  onSave: (input: QuietHours) => Promise<unknown>;
}) {
  const initial = quietHours ?? DEFAULT_QUIET_HOURS;
  const [enabled, setEnabled] = useState(initial.enabled);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const held = useMemo(
    () => noticeTimesHeldByQuietHours({ enabled, start, end }, jobsites),
    [enabled, start, end, jobsites],
  );

  const { errors, saving, onSubmit } = useSchemaSubmit({
    schema: quietHoursSchema,
    fields: FIELDS,
    values: () => ({ enabled, start, end }),
    save: onSave,
    saved: (input) => (input.enabled ? 'Quiet hours are on.' : 'Quiet hours are off.'),
    failed: ACCOUNT_MESSAGES.quietHoursSaveFailed,
  });

  return (
    <form onSubmit={onSubmit} aria-label="Quiet hours">
      <Stack gap="md" maw={480}>
        <FormErrorAlert message={errors.form} />
        <Text size="sm" c="dimmed">
          During quiet hours, delay notices, updates and all-clears wait and go out when the quiet hours end.
          Lightning and official severe warnings are sent at once. Times are read in each jobsite&apos;s own
          timezone.
        </Text>
        <Switch
          label="Hold non-urgent messages during quiet hours"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          error={errors.enabled}
        />
        <Group grow align="flex-start">
          <TimeSelect
            label="Quiet from"
            value={start}
            onChange={setStart}
            disabled={!enabled}
            error={errors.start}
          />
          <TimeSelect label="Until" value={end} onChange={setEnd} disabled={!enabled} error={errors.end} />
        </Group>
        <QuietHoursWarning held={held} />
        <Group>
          <Button type="submit" loading={saving}>
            Save quiet hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
