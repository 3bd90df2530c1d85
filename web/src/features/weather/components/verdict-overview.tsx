import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { JobsiteOutlook } from '../../../../../shared/weather/outlook';
import { useWeatherOutlook } from '../api/get-weather';
import { todayAndTomorrow } from '../today-and-tomorrow';
import { DayAheadPanel } from './day-ahead-panel';

/**
 * The dashboard's first answer: for every active jobsite, today and tomorrow as the notices judge
 * them, with the first reason. Side by side on a wide screen, one under the other on a phone, so
 * nothing is cut off at 320 px; the whole week is on /weather, one tap away.
 */
export function VerdictOverview() {
  const outlook = useWeatherOutlook(3);
  if (outlook.isPending) return <Skeleton h={120} aria-label="Loading today's and tomorrow's verdicts" />;
  if (outlook.isError || outlook.data.items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="verdict-overview-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="verdict-overview-title">
            Today and tomorrow
          </Title>
          <Anchor component={Link} to="/weather" size="sm">
            See the whole week
          </Anchor>
        </Group>
        {outlook.data.items.map((item) => (
          <JobsiteDays key={item.jobsite.id} item={item} />
        ))}
      </Stack>
    </Card>
  );
}

function JobsiteDays({ item }: { item: JobsiteOutlook }) {
  const nameId = `verdicts-${item.jobsite.id}`;
  return (
    <Stack gap={6} role="group" aria-labelledby={nameId}>
      <Group gap="xs" align="baseline">
        <Text fw={600} id={nameId}>
          {item.jobsite.name}
        </Text>
        {item.source === 'simulated' ? (
          <Text size="xs" c="dimmed">
            Simulated weather
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {todayAndTomorrow(item).map((day) => (
          <DayAheadPanel key={day.label} day={day} noForecast={item.error !== null} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
