import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { useAdminMetrics } from '../../../features/admin-money/api/admin-money-api';
import { BillingFigures, FiguresNote } from '../../../features/admin-money/components/figures';
import { InvoicesTable } from '../../../features/admin-money/components/invoices-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminBillingPage() {
  useDocumentTitle('Billing');
  const metrics = useAdminMetrics();
  return (
    <Stack gap="xl">
      <PageHeader title="Billing" description="What was invoiced and collected, and every invoice." />
      <Stack gap="xs" component="section" aria-labelledby="billing-summary-title">
        <Title order={2} size="h4" id="billing-summary-title">
          Billing summary
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
            <BillingFigures metrics={metrics.data} />
            <FiguresNote />
          </>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="invoices-title">
        <Title order={2} size="h4" id="invoices-title">
          Invoices
        </Title>
        <InvoicesTable />
      </Stack>
    </Stack>
  );
}
