import { Alert, Anchor, Group, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useListParams } from '../../../components/records/list-toolbar';
import { PagedList } from '../../../components/records/paged-list';
import { RecordPage } from '../../../components/records/record-page';
import { useWeatherOutlookPages } from '../../../features/weather/api/get-weather';
import { JobsiteOutlookCard } from '../../../features/weather/components/jobsite-outlook-card';

const NAME_ORDER = [{ value: 'name', label: 'Name, A to Z' }];

/**
 * /weather: the coming week of each active jobsite, as the notices will judge it, a page of jobsites
 * at a time ("Show more"), with a search once the account has more than one page.
 */
export function WeatherPage() {
  const list = useListParams(NAME_ORDER);
  const outlook = useWeatherOutlookPages(7, list.q);
  const first = outlook.data?.pages[0];
  const searchable = list.q !== '' || list.input !== '' || !!first?.nextCursor;
  return (
    <RecordPage
      title="Weather"
      description="The coming working days of each jobsite, judged by its rules, with the hours behind each verdict."
    >
      {searchable ? (
        <Group role="search">
          <TextInput
            label="Search jobsites"
            placeholder="Name, address or timezone"
            type="search"
            value={list.input}
            onChange={(e) => list.setInput(e.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
        </Group>
      ) : null}
      <PagedList
        query={outlook}
        noun="jobsites"
        search={list.q}
        empty={
          <Alert color="blue" title="No active jobsites">
            Add a jobsite with its location and rules, and its forecast shows here.{' '}
            <Anchor component={Link} to="/dashboard">
              Go to the dashboard
            </Anchor>
          </Alert>
        }
      >
        {(items) => (
          <>
            {items.map((item) => (
              <JobsiteOutlookCard key={item.jobsite.id} outlook={item} units={first?.units ?? 'us'} />
            ))}
            {items.some((i) => i.source === 'open-meteo') ? (
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
      </PagedList>
    </RecordPage>
  );
}
