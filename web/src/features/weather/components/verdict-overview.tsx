import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { JobsiteOutlook } from '../../../../../shared/weather/outlook';
import { useWeatherOutlook } from '../api/get-weather';
import { todayAndTomorrow } from '../today-and-tomorrow';
import { DayAheadPanel } from './day-ahead-panel';

/** Jobsites the dashboard shows today and tomorrow for; the rest are on /weather. */
const OVERVIEW_JOBSITES = 10;

/**
 * The dashboard's first answer: for every active jobsite, today and tomorrow as the notices judge
 * them, with the first reason. Side by side on a wide screen, one under the other on a phone, so
 * nothing is cut off at 320 px; the whole week is on /weather, one tap away. A large account sees its
 * first jobsites by name and the way to the rest, not a page as long as its jobsite list.
 */
export function VerdictOverview() {
  const outlook = useWeatherOutlook(3, OVERVIEW_JOBSITES);
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
        {outlook.data.nextCursor ? (
          <Text size="sm" c="dimmed">
            The first {OVERVIEW_JOBSITES} jobsites by name.{' '}
            <Anchor component={Link} to="/weather" size="sm">
              Every jobsite&apos;s week is on Weather
            </Anchor>
          </Text>
        ) : null}
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
