import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { QueryBlock } from '../../../components/records/query-state';
import { useAdminMetrics, useRevenueSeries } from '../../../features/admin-money/api/admin-money-api';
import {
  FIGURES_LOADING,
  FiguresNote,
  RevenueFigures,
} from '../../../features/admin-money/components/figures';
import { MrrChart, RevenueChart, RevenueTable } from '../../../features/admin-money/components/mrr-chart';
import { AdminSection } from '../../../features/admin-money/components/admin-section';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminRevenuePage() {
  useDocumentTitle('Revenue');
  const metrics = useAdminMetrics();
  const series = useRevenueSeries();
  return (
    <Stack gap="xl">
      <PageHeader
        title="Revenue"
        description="Recurring and collected revenue, and MRR over the last 12 months."
      />
      <QueryBlock
        query={metrics}
        loading={{ ...FIGURES_LOADING, rows: 1 }}
        errorTitle="Could not load the figures"
      >
        {(data) => <RevenueFigures metrics={data} />}
      </QueryBlock>
      <QueryBlock
        query={series}
        loading={{ label: 'Loading the MRR chart', rows: 1, height: 260 }}
        errorTitle="Could not load the MRR history"
      >
        {({ months }) => (
          <>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mrr-chart-title">
              <Title order={2} size="h4" id="mrr-chart-title">
                MRR over the last 12 months
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                At each month&apos;s end; the last bar is now.
              </Text>
              <MrrChart months={months} />
            </Paper>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="revenue-chart-title">
              <Title order={2} size="h4" id="revenue-chart-title" mb="sm">
                Revenue per month
              </Title>
              <RevenueChart months={months} />
            </Paper>
            <AdminSection id="revenue-table-title" title="By month">
              <RevenueTable months={months} />
              <FiguresNote />
            </AdminSection>
          </>
        )}
      </QueryBlock>
    </Stack>
  );
}
