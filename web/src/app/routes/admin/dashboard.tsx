import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { QueryBlock } from '../../../components/records/query-state';
import { DispatchRuns } from '../../../features/admin-ops/components/dispatch-runs';
import { useAdminMetrics, useEmailHealth } from '../../../features/admin-money/api/admin-money-api';
import { EmailHealthCard } from '../../../features/admin-money/components/email-health-card';
import { AdminSection, FiguresBlock } from '../../../features/admin-money/components/admin-section';
import { DashboardKpis } from '../../../features/admin-money/components/figures';
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
      <AdminSection id="kpi-title" title="Key figures">
        <FiguresBlock metrics={metrics}>{(data) => <DashboardKpis metrics={data} />}</FiguresBlock>
      </AdminSection>
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
