import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { useAdminMetrics } from '../../../features/admin-money/api/admin-money-api';
import { SubscriptionFigures } from '../../../features/admin-money/components/figures';
import { PlanDistribution } from '../../../features/admin-money/components/plan-distribution';
import { SubscriptionsTable } from '../../../features/admin-money/components/subscriptions-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminSubscriptionsPage() {
  useDocumentTitle('Subscriptions');
  const metrics = useAdminMetrics();
  return (
    <Stack gap="xl">
      <PageHeader
        title="Subscriptions"
        description="Every subscription by plan and status, and how accounts split across plans."
      />
      {metrics.isPending ? (
        <LoadingBlock label="Loading the figures" rows={2} height={90} />
      ) : metrics.isError ? (
        <QueryError
          title="Could not load the figures"
          error={metrics.error}
          onRetry={() => void metrics.refetch()}
        />
      ) : (
        <Stack gap="lg">
          <SubscriptionFigures metrics={metrics.data} />
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="plan-distribution-title">
            <Title order={2} size="h4" id="plan-distribution-title" mb="sm">
              Plan distribution
            </Title>
            <PlanDistribution distribution={metrics.data.subscriptionAnalytics.planDistribution} />
          </Paper>
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="subscriptions-list-title">
        <Title order={2} size="h4" id="subscriptions-list-title">
          All subscriptions
        </Title>
        <SubscriptionsTable />
      </Stack>
    </Stack>
  );
}
