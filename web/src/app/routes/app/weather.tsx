import { Alert, Anchor, Text } from '@mantine/core';
import { QueryBlock } from '../../../components/records/query-state';
import { RecordPage } from '../../../components/records/record-page';
import { Link } from 'react-router-dom';
import { useWeatherOutlook } from '../../../features/weather/api/get-weather';
import { JobsiteOutlookCard } from '../../../features/weather/components/jobsite-outlook-card';

/** /weather: the coming week of every active jobsite, as the notices will judge it. */
export function WeatherPage() {
  const outlook = useWeatherOutlook(7);
  return (
    <RecordPage
      title="Weather"
      description="The coming working days of each jobsite, judged by its rules, with the hours behind each verdict."
    >
      <QueryBlock
        query={outlook}
        loading={{ label: 'Loading forecasts', rows: 2, height: 140 }}
        errorTitle="Could not load the forecasts"
        errorMessage="Something went wrong while loading the weather. Please try again."
      >
        {(data) =>
          data.items.length === 0 ? (
            <Alert color="blue" title="No active jobsites">
              Add a jobsite with its location and rules, and its forecast shows here.{' '}
              <Anchor component={Link} to="/dashboard">
                Go to the dashboard
              </Anchor>
            </Alert>
          ) : (
            <>
              {data.items.map((item) => (
                <JobsiteOutlookCard key={item.jobsite.id} outlook={item} units={data.units} />
              ))}
              {data.items.some((i) => i.source === 'open-meteo') ? (
                <Text size="xs" c="dimmed">
                  Weather data by{' '}
                  <Anchor href="https://open-meteo.com/" target="_blank" rel="noreferrer" size="xs">
                    Open-Meteo.com
                  </Anchor>{' '}
                  (CC BY 4.0).
                </Text>
              ) : null}
            </>
          )
        }
      </QueryBlock>
    </RecordPage>
  );
}
