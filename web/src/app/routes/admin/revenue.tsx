import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { useAdminMetrics, useRevenueSeries } from '../../../features/admin-money/api/admin-money-api';
import { FiguresNote, RevenueFigures } from '../../../features/admin-money/components/figures';
import { MrrChart, RevenueChart, RevenueTable } from '../../../features/admin-money/components/mrr-chart';
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
      {metrics.isPending ? (
        <LoadingBlock label="Loading the figures" rows={1} height={90} />
      ) : metrics.isError ? (
        <QueryError
          title="Could not load the figures"
          error={metrics.error}
          onRetry={() => void metrics.refetch()}
        />
      ) : (
        <RevenueFigures metrics={metrics.data} />
      )}
      {series.isPending ? (
        <LoadingBlock label="Loading the MRR chart" rows={1} height={260} />
      ) : series.isError ? (
        <QueryError
          title="Could not load the MRR history"
          error={series.error}
          onRetry={() => void series.refetch()}
        />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mrr-chart-title">
            <Title order={2} size="h4" id="mrr-chart-title">
              MRR over the last 12 months
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              At each month&apos;s end; the last bar is now.
            </Text>
            <MrrChart months={series.data.months} />
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="revenue-chart-title">
            <Title order={2} size="h4" id="revenue-chart-title" mb="sm">
              Revenue per month
            </Title>
            <RevenueChart months={series.data.months} />
          </Paper>
          <Stack gap="xs" component="section" aria-labelledby="revenue-table-title">
            <Title order={2} size="h4" id="revenue-table-title">
              By month
            </Title>
            <RevenueTable months={series.data.months} />
            <FiguresNote />
          </Stack>
        </>
      )}
    </Stack>
  );
}
