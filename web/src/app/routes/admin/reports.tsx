import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { ReportsList } from '../../../features/admin-money/components/reports-list';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AdminReportsPage() {
  useDocumentTitle('Reports');
  return (
    <Stack gap="xl">
      <PageHeader title="Reports" description="Download each table as CSV, as stored now." />
      <ReportsList />
      <Text size="xs" c="dimmed">
        CSV with a header row; amounts in US dollars with two decimals (&quot;amount (USD)&quot;); dates in
        UTC.
      </Text>
    </Stack>
  );
}
