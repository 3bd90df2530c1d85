import { Box, Group, Paper, Text } from '@mantine/core';
import { formatNoticeDate } from '../../../../../shared/email/format';
import { holidayLabel } from '../../../../../shared/holidays';
import type { DayAhead } from '../today-and-tomorrow';
import { VERDICT_LOOK } from './verdict-badge';

/**
 * Today or tomorrow at one jobsite: the verdict in words and the first reason, as plain wrapping
 * text. A badge would truncate the verdict to "FULL…" on a phone, which is the answer a foreman
 * came for.
 */
export function DayAheadPanel({ day, noForecast }: { day: DayAhead; noForecast: boolean }) {
  const j = day.judgement;
  const color = j && !j.holiday ? VERDICT_LOOK[j.verdict].color : 'gray';
  const more = j ? j.rules.length - 1 : 0;
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      role="group"
      aria-label={day.label}
      data-date={day.date}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)`, minWidth: 0 }}
    >
      <Text fw={700} lh={1.3}>
        {day.label}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {formatNoticeDate(day.date)}
      </Text>
      {j?.holiday ? (
        <>
          <Text fw={700}>{holidayLabel(j.holiday)}</Text>
          <Text size="sm" mt={4} c="dimmed">
            Nobody works: no notice goes out.
          </Text>
        </>
      ) : j ? (
        <>
          <Group gap={8} wrap="nowrap" align="center">
            <Box
              w={10}
              h={10}
              bg={`${color}.6`}
              style={{ borderRadius: '50%', flex: 'none' }}
              aria-hidden="true"
            />
            <Text fw={700}>
              {VERDICT_LOOK[j.verdict].label}
              {j.verdict === 'partial' ? `, ${j.hoursLost} of ${j.workingHours} h lost` : ''}
            </Text>
          </Group>
          {j.rules[0] ? (
            <Text size="sm" mt={4}>
              {j.rules[0].reason}
            </Text>
          ) : (
            <Text size="sm" mt={4} c="dimmed">
              No rule is met in working hours.
            </Text>
          )}
          {more > 0 ? (
            <Text size="xs" c="dimmed" mt={2}>
              and {more} more {more === 1 ? 'reason' : 'reasons'}
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {noForecast
            ? 'No forecast right now'
            : day.working
              ? 'No forecast for this day yet'
              : 'No work scheduled'}
        </Text>
      )}
    </Paper>
  );
}
