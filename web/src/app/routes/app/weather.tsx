import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useWeatherOutlook } from '../../../features/weather/api/get-weather';
import { JobsiteOutlookCard } from '../../../features/weather/components/jobsite-outlook-card';

/** /weather: the coming week of every active jobsite, as the notices will judge it. */
export function WeatherPage() {
  const outlook = useWeatherOutlook(7);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Weather
        </Title>
        <Text c="dimmed">
          The coming working days of each jobsite, judged by its rules, with the hours behind each verdict.
        </Text>
      </div>
      {outlook.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading forecasts">
          <Skeleton h={60} />
          <Skeleton h={220} />
        </Stack>
      ) : outlook.isError ? (
        <Alert color="red" title="Could not load the forecasts" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Something went wrong while loading the weather. Please try again.</Text>
            <Button variant="default" size="xs" onClick={() => void outlook.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : outlook.data.items.length === 0 ? (
        <Alert color="blue" title="No active jobsites">
          Add a jobsite with its location and rules, and its forecast shows here.{' '}
          <Anchor component={Link} to="/dashboard">
            Go to the dashboard
          </Anchor>
        </Alert>
      ) : (
        <>
          {outlook.data.items.map((item) => (
            <JobsiteOutlookCard key={item.jobsite.id} outlook={item} units={outlook.data.units} />
          ))}
          {outlook.data.items.some((i) => i.source === 'open-meteo') ? (
            <Text size="xs" c="dimmed">
              Weather data by{' '}
              <Anchor href="https://open-meteo.com/" target="_blank" rel="noreferrer" size="xs">
                Open-Meteo.com
              </Anchor>{' '}
              (CC BY 4.0).
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
