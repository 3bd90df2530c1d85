import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { jobsiteRecords } from '../../../features/jobsites/api/jobsites-api';
import { JobsiteForm } from '../../../features/jobsites/components/jobsite-form';
import { WeatherLedger } from '../../../features/jobsites/components/weather-ledger';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useJobsiteFormData } from './jobsite-options';

/**
 * Basic and no-plan accounts manage their one jobsite here (the /jobsites pages are Premium and
 * Enterprise): the same form, creating the jobsite the first time and editing it afterwards, and
 * its weather-day ledger.
 */
export function DashboardJobsite() {
  const jobsites = jobsiteRecords.useAll();
  const data = useJobsiteFormData();
  const create = jobsiteRecords.useCreate();
  const update = jobsiteRecords.useUpdate();
  const site = jobsites.data?.[0];
  const others = (jobsites.data?.length ?? 0) - 1;

  return (
    <Stack gap="lg">
      <Card withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="your-jobsite-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="your-jobsite-title">
              {site ? `Your jobsite: ${site.name}` : 'Set up your jobsite'}
            </Title>
            <Text size="sm" c="dimmed">
              Your plan includes one jobsite.{' '}
              <Anchor component={Link} to="/subscription" size="sm" underline="always">
                Premium
              </Anchor>{' '}
              adds up to 10, each with its own page and a map.
              {others > 0
                ? ` ${others} more jobsite${others === 1 ? ' is' : 's are'} kept from an earlier plan.`
                : ''}
            </Text>
          </div>
          {jobsites.isPending || !data.ready ? (
            <LoadingBlock label="Loading your jobsite" rows={4} height={48} />
          ) : jobsites.isError ? (
            <QueryError
              title="Could not load your jobsite"
              error={jobsites.error}
              onRetry={() => void jobsites.refetch()}
            />
          ) : (
            <JobsiteForm
              key={site ? `${site.id}-${site.updatedAt}` : 'new'}
              jobsite={site}
              {...data.formProps}
              submitLabel={site ? 'Save jobsite' : 'Create jobsite'}
              onSubmit={(input) =>
                site
                  ? update.mutateAsync({ id: site.id, input })
                  : create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() })
              }
              onSaved={() => undefined}
            />
          )}
        </Stack>
      </Card>
      {/* Without jobsite pages, the one jobsite's weather-day ledger lives here. */}
      {site ? (
        <WeatherLedger
          jobsiteId={site.id}
          evidenceHref={(date) => `/jobsites/${encodeURIComponent(site.id)}/ledger/${date}`}
        />
      ) : null}
    </Stack>
  );
}
