import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { useAdminMetrics } from '../../../features/admin-money/api/admin-money-api';
import { AdminSection, FiguresBlock } from '../../../features/admin-money/components/admin-section';
import { BillingFigures } from '../../../features/admin-money/components/figures';
import { InvoicesTable } from '../../../features/admin-money/components/invoices-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminBillingPage() {
  useDocumentTitle('Billing');
  const metrics = useAdminMetrics();
  return (
    <Stack gap="xl">
      <PageHeader title="Billing" description="What was invoiced and collected, and every invoice." />
      <AdminSection id="billing-summary-title" title="Billing summary">
        <FiguresBlock metrics={metrics}>{(data) => <BillingFigures metrics={data} />}</FiguresBlock>
      </AdminSection>
      <AdminSection id="invoices-title" title="Invoices">
        <InvoicesTable />
      </AdminSection>
    </Stack>
  );
}
