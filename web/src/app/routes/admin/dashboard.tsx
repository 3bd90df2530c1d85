import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { DispatchRuns } from '../../../features/admin-ops/components/dispatch-runs';
import { useAdminMetrics, useEmailHealth } from '../../../features/admin-money/api/admin-money-api';
import { EmailHealthCard } from '../../../features/admin-money/components/email-health-card';
import { DashboardKpis, FiguresNote } from '../../../features/admin-money/components/figures';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminDashboardPage() {
  useDocumentTitle('Admin dashboard');
  const metrics = useAdminMetrics();
  const health = useEmailHealth();
  return (
    <Stack gap="xl">
      <PageHeader
        title="Admin dashboard"
        description="Revenue, subscriptions, users and delivery, from live data."
      />
      <Stack gap="xs" component="section" aria-labelledby="kpi-title">
        <Title order={2} size="h4" id="kpi-title">
          Key figures
        </Title>
        {metrics.isPending ? (
          <LoadingBlock label="Loading the figures" rows={2} height={90} />
        ) : metrics.isError ? (
          <QueryError
            title="Could not load the figures"
            error={metrics.error}
            onRetry={() => void metrics.refetch()}
          />
        ) : (
          <>
            <DashboardKpis metrics={metrics.data} />
            <FiguresNote />
          </>
        )}
      </Stack>
      {health.isPending ? (
        <LoadingBlock label="Loading delivery health" rows={1} height={160} />
      ) : health.isError ? (
        <QueryError
          title="Could not load delivery health"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : (
        <EmailHealthCard health={health.data} />
      )}
      <DispatchRuns />
    </Stack>
  );
}
