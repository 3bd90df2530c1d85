import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { QueryBlock } from '../../../components/records/query-state';
import { useAdminMetrics } from '../../../features/admin-money/api/admin-money-api';
import { FIGURES_LOADING, SubscriptionFigures } from '../../../features/admin-money/components/figures';
import { PlanDistribution } from '../../../features/admin-money/components/plan-distribution';
import { SubscriptionsTable } from '../../../features/admin-money/components/subscriptions-table';
import { AdminSection } from '../../../features/admin-money/components/admin-section';
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
      <QueryBlock query={metrics} loading={FIGURES_LOADING} errorTitle="Could not load the figures">
        {(data) => (
          <Stack gap="lg">
            <SubscriptionFigures metrics={data} />
            <Paper
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-labelledby="plan-distribution-title"
            >
              <Title order={2} size="h4" id="plan-distribution-title" mb="sm">
                Plan distribution
              </Title>
              <PlanDistribution distribution={data.subscriptionAnalytics.planDistribution} />
            </Paper>
          </Stack>
        )}
      </QueryBlock>
      <AdminSection id="subscriptions-list-title" title="All subscriptions">
        <SubscriptionsTable />
      </AdminSection>
    </Stack>
  );
}
