import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReportName } from '../../../../../shared/admin-money';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDownloadReport } from '../api/admin-money-api';

const REPORTS: { name: ReportName; title: string; description: string }[] = [
  {
    name: 'users',
    title: 'Users',
    description: 'Every account: email, name, company, sign-up date, live plan and subscription status.',
  },
  {
    name: 'subscriptions',
    title: 'Subscriptions',
    description: 'Every subscription: plan, cycle, status, cancel at period end, period end and price.',
  },
  {
    name: 'invoices',
    title: 'Invoices',
    description:
      'Every invoice: number, date, account, description, state (paid, pending, failed, refunded) and amount.',
  },
  {
    name: 'dispatch-runs',
    title: 'Dispatch runs',
    description:
      'Every stored run of the weather dispatch (90 days): slot, jobsites due and judged, emails sent, failures.',
  },
];

/** One download per admin table, through the authenticated API. */
export function ReportsList() {
  const download = useDownloadReport();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {REPORTS.map((r) => (
        <Paper
          key={r.name}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby={`report-${r.name}`}
        >
          <Stack gap="sm" h="100%" justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4" id={`report-${r.name}`}>
                {r.title}
              </Title>
              <Text size="sm" c="dimmed">
                {r.description}
              </Text>
            </div>
            <Button
              variant="light"
              aria-label={`Download CSV: ${r.title}`}
              loading={download.isPending && download.variables === r.name}
              onClick={() =>
                download.mutate(r.name, {
                  onError: (err) =>
                    toast.error(err instanceof ApiError ? err.message : 'The download failed. Try again.'),
                })
              }
            >
              Download CSV
            </Button>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
