import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import { newKey, type NoticeRow, type SectionProps } from './jobsite-form-values';
import type { QuietHours } from '../../../../../shared/quiet-hours';
import { noticeTimesHeldByQuietHours } from '../../../../../shared/quiet-hours-notices';
import { QuietHoursWarning } from '../../../components/quiet-hours-warning';
import { ChoiceSelect } from '../../../components/form-fields';
import { RemoveRowButton } from './remove-row-button';

const NOTICE_DAYS = [
  { value: 'next', label: 'about the next working day' },
  { value: 'same', label: 'about the same day' },
];

const MAX_NOTICES = 6;

/** When notices go out, on the jobsite's clock: up to six times, each about the next or the same day. */
export function JobsiteNoticesSection({
  form,
  timezone,
  quietHours,
}: {
  form: SectionProps;
  timezone: string | null;
  quietHours?: QuietHours | null;
}) {
  const { values, set, errors, err } = form;
  const held = noticeTimesHeldByQuietHours(quietHours, [
    { name: values.name, noticeTimes: values.noticeTimes },
  ]);
  const update = (key: string, patch: Partial<NoticeRow>) =>
    set('noticeTimes')(values.noticeTimes.map((n) => (n.key === key ? { ...n, ...patch } : n)));
  return (
    <FormSection legend="Notice times">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          On the jobsite&apos;s clock{timezone ? ` (${timezone})` : ''}, on the quarter hour. By default the
          evening before and early on the day.
        </Text>
        {values.noticeTimes.map((notice, i) => (
          <Group key={notice.key} gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label={`Notice ${i + 1} time`}
              type="time"
              step={900}
              value={notice.time}
              onChange={(e) => update(notice.key, { time: e.currentTarget.value })}
              error={err(`noticeTimes.${i}.time`)}
              w={150}
            />
            <ChoiceSelect
              label={`Notice ${i + 1} is`}
              data={NOTICE_DAYS}
              value={notice.forDay}
              onValueChange={(v) => update(notice.key, { forDay: v })}
              error={err(`noticeTimes.${i}.forDay`)}
              style={{ flex: '1 1 14rem' }}
              comboboxProps={{ withinPortal: true }}
            />
            <RemoveRowButton
              label={`Remove notice ${i + 1}`}
              onRemove={() => set('noticeTimes')(values.noticeTimes.filter((n) => n.key !== notice.key))}
            />
          </Group>
        ))}
        {errors.noticeTimes ? (
          <Text size="sm" c="red.8" role="alert">
            {errors.noticeTimes}
          </Text>
        ) : null}
        <QuietHoursWarning held={held} />
        {values.noticeTimes.length < MAX_NOTICES ? (
          <Button
            variant="default"
            w="fit-content"
            onClick={() =>
              set('noticeTimes')([...values.noticeTimes, { key: newKey(), time: '06:00', forDay: 'same' }])
            }
          >
            Add a notice time
          </Button>
        ) : null}
      </Stack>
    </FormSection>
  );
}
