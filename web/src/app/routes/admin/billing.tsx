import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { QueryBlock } from '../../../components/records/query-state';
import { useAdminMetrics } from '../../../features/admin-money/api/admin-money-api';
import {
  BillingFigures,
  FIGURES_LOADING,
  FiguresNote,
} from '../../../features/admin-money/components/figures';
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
        <QueryBlock query={metrics} loading={FIGURES_LOADING} errorTitle="Could not load the figures">
          {(data) => (
            <>
              <BillingFigures metrics={data} />
              <FiguresNote />
            </>
          )}
        </QueryBlock>
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
