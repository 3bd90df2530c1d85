import { Alert, Badge, Card, Chip, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { JobsiteOutlook } from '../../../../../shared/weather/outlook';
import type { RuleMetric } from '../../../../../shared/weather/rule';
import type { UnitSystem } from '../../../../../shared/weather/units';
import { HourlyChart, metricLabel, type ChartHour } from './hourly-chart';
import { VerdictBadge } from './verdict-badge';
import { localParts } from '../local-parts';
import { formatNoticeDate } from '../../../../../shared/email/format';
import { holidayLabel } from '../../../../../shared/holidays';

/** One jobsite on /weather: a badge per coming working day, the chosen day's chart and its reasons. */
export function JobsiteOutlookCard({ outlook, units }: { outlook: JobsiteOutlook; units: UnitSystem }) {
  const [selected, setSelected] = useState<string | null>(outlook.days[0]?.date ?? null);
  const day = outlook.days.find((d) => d.date === selected) ?? outlook.days[0];
  const { jobsite } = outlook;
  const metrics = Object.keys(outlook.hourly.values) as RuleMetric[];
  const hoursOf = (metric: RuleMetric): ChartHour[] => {
    const series = outlook.hourly.values[metric] ?? [];
    const start = jobsite.workingHours.start;
    const end = jobsite.workingHours.end;
    return outlook.hourly.time.flatMap((iso, i) => {
      const local = localParts(iso, jobsite.timezone);
      if (!day || local.date !== day.date) return [];
      const hh = `${String(local.hour).padStart(2, '0')}:00`;
      return [
        { hour: local.hour, value: series[i] ?? null, working: hh >= start.slice(0, 3) + '00' && hh < end },
      ];
    });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`outlook-${jobsite.id}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id={`outlook-${jobsite.id}`}>
              {jobsite.name}
            </Title>
            <Text size="sm" c="dimmed">
              {jobsite.timezone.replace(/_/g, ' ')} · works {jobsite.workingHours.start}–
              {jobsite.workingHours.end}
            </Text>
          </div>
          {outlook.source === 'simulated' ? (
            <Badge color="grape" variant="light" title="Not a real forecast">
              Simulated weather{jobsite.scenario ? `: ${jobsite.scenario}` : ''}
            </Badge>
          ) : null}
        </Group>
        {outlook.error ? (
          <Alert color="yellow" title="No forecast for this jobsite right now">
            {outlook.error}
          </Alert>
        ) : outlook.rules.length === 0 ? (
          <Text size="sm">
            This jobsite has no weather rules yet, so no day can be delayed. Add rules on the jobsite page.
          </Text>
        ) : (
          <>
            <Chip.Group value={selected ?? undefined} onChange={(v) => setSelected(String(v))}>
              <Group gap="xs" role="list" aria-label="Coming working days">
                {outlook.days.map((d) => (
                  <Chip key={d.date} value={d.date} variant="outline" radius="sm" role="listitem">
                    <Group gap={6} wrap="nowrap">
                      <span>{formatNoticeDate(d.date)}</span>
                      {d.holiday ? (
                        <Text span size="xs" fw={600}>
                          {holidayLabel(d.holiday)}
                        </Text>
                      ) : (
                        <VerdictBadge verdict={d.verdict} hoursLost={d.hoursLost} />
                      )}
                    </Group>
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {day?.holiday ? (
              <Stack gap={4}>
                <Text fw={600}>
                  {formatNoticeDate(day.date)}: {holidayLabel(day.holiday)}
                </Text>
                <Text size="sm">
                  Nobody works this day: no notice goes out and the ledger does not count it.
                </Text>
              </Stack>
            ) : day ? (
              <Stack gap="sm">
                <Group gap="sm">
                  <Text fw={600}>{formatNoticeDate(day.date)}</Text>
                  <VerdictBadge verdict={day.verdict} hoursLost={day.hoursLost} />
                  <Text size="sm" c="dimmed">
                    {day.hoursLost} of {day.workingHours} working hours lost
                  </Text>
                </Group>
                {day.rules.length ? (
                  <List size="sm" spacing={4}>
                    {day.rules.map((r) => (
                      <List.Item key={r.id}>{r.reason}</List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm">No rule is met in working hours: work as planned.</Text>
                )}
                {metrics.map((m) => (
                  <div key={m}>
                    <Text size="sm" fw={500}>
                      {metricLabel(m)}
                    </Text>
                    <HourlyChart metric={m} hours={hoursOf(m)} rules={outlook.rules} units={units} />
                  </div>
                ))}
              </Stack>
            ) : (
              <Text size="sm">No working days in the coming week.</Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
