import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { QueryBlock } from '../../../components/records/query-state';
import { DispatchRuns } from '../../../features/admin-ops/components/dispatch-runs';
import { useAdminMetrics, useEmailHealth } from '../../../features/admin-money/api/admin-money-api';
import { EmailHealthCard } from '../../../features/admin-money/components/email-health-card';
import {
  DashboardKpis,
  FIGURES_LOADING,
  FiguresNote,
} from '../../../features/admin-money/components/figures';
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
        <QueryBlock query={metrics} loading={FIGURES_LOADING} errorTitle="Could not load the figures">
          {(data) => (
            <>
              <DashboardKpis metrics={data} />
              <FiguresNote />
            </>
          )}
        </QueryBlock>
      </Stack>
      <QueryBlock
        query={health}
        loading={{ label: 'Loading delivery health', rows: 1, height: 160 }}
        errorTitle="Could not load delivery health"
      >
        {(data) => <EmailHealthCard health={data} />}
      </QueryBlock>
      <DispatchRuns />
    </Stack>
  );
}
