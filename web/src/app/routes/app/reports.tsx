import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  RELATIVE_RANGES,
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  reportInputSchema,
  type RelativeRange,
  type ReportInput,
  type ReportSection,
} from '../../../../../shared/reports';
import { DataTable } from '../../../components/data-table';
import { clientRecords } from '../../../features/clients/api/clients-api';
import { jobsiteRecords } from '../../../features/jobsites/api/jobsites-api';
import {
  fetchReportFile,
  useCreateReport,
  useReportPreview,
  useReports,
} from '../../../features/reports/api/reports-api';
import { ReportPreview } from '../../../features/reports/components/report-preview';
import { ApiError } from '../../../lib/api-client';
import { dateRange } from '../../../lib/day-format';
import { downloadBlob } from '../../../lib/download';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PAGE_TITLE_SIZE } from '../../../components/heading-size';

const RELATIVE_LABEL: Record<RelativeRange, string> = {
  'last-month': 'Last month',
  'month-to-date': 'Month to date',
  'contract-to-date': 'Contract to date',
};

type Scope = 'all' | 'client' | 'chosen';

/** /analytics/reports: custom reports (Premium and Enterprise): define, preview live, save, download. */
export function ReportsPage() {
  useDocumentTitle('Custom reports');
  const reports = useReports();
  const jobsites = jobsiteRecords.useAll();
  const clients = clientRecords.useAll();
  const create = useCreateReport();
  const attempt = useRef(crypto.randomUUID());
  const [title, setTitle] = useState('Monthly weather-day report');
  const [scope, setScope] = useState<Scope>('all');
  const [clientId, setClientId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [rangeKind, setRangeKind] = useState<'relative' | 'fixed'>('relative');
  const [relative, setRelative] = useState<RelativeRange>('last-month');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sections, setSections] = useState<ReportSection[]>(['allowance', 'ledger', 'hours-lost']);

  const raw = {
    title,
    jobsites: scope === 'all' ? 'all' : scope === 'client' ? { clientId: clientId ?? '' } : chosen,
    range: rangeKind === 'relative' ? { relative } : { from, to },
    sections,
  };
  const parsed = reportInputSchema.safeParse(raw);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  // The server's refusal of the last submit (another account's jobsite, say), next to its field.
  const refusal = create.error instanceof ApiError && create.error.status === 400 ? create.error : null;
  if (refusal?.field) errors[refusal.field.split('.')[0]!] ??= refusal.detail ?? refusal.message;
  // Debounced as text: a new object every render would restart the debounce for ever.
  const [debounced] = useDebouncedValue(parsed.success ? JSON.stringify(parsed.data) : '', 400);
  const definition = useMemo(() => (debounced ? (JSON.parse(debounced) as ReportInput) : null), [debounced]);
  const preview = useReportPreview(definition);

  const refused = reports.error instanceof ApiError && reports.error.status === 403 ? reports.error : null;
  const save = async () => {
    if (!parsed.success) return;
    try {
      await create.mutateAsync({ input: parsed.data, idempotencyKey: attempt.current });
      attempt.current = crypto.randomUUID();
      notifications.show({ color: 'teal', message: `Saved “${parsed.data.title}”.` });
    } catch (error) {
      // A 400 naming a field is shown next to that field; anything else as a toast.
      if (!(error instanceof ApiError && error.status === 400 && error.field))
        notifications.show({
          color: 'red',
          message: friendlyErrorMessage(error, 'The report could not be saved.'),
        });
    }
  };
  const download = async (id: string, name: string, kind: 'pdf' | 'csv.zip') => {
    try {
      downloadBlob(`${name}.${kind === 'pdf' ? 'pdf' : 'zip'}`, await fetchReportFile(id, kind));
    } catch (error) {
      notifications.show({
        color: 'red',
        message: friendlyErrorMessage(error, 'The file could not be made.'),
      });
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/analytics" size="sm">
          ← Analytics
        </Anchor>
        <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
          Custom reports
        </Title>
        <Text c="dimmed">
          The owner’s monthly report in one click: the weather-day ledger with forecast and observed, delay
          days against the allowance and hours lost, as a PDF or a CSV bundle.
        </Text>
      </Stack>
      {refused ? (
        <Alert color="yellow" title="Custom reports are not in this plan" role="alert">
          <Text size="sm">{refused.message}</Text>
          <Anchor component={Link} to="/subscription" size="sm">
            See plans
          </Anchor>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder component="section" aria-labelledby="report-definition">
            <Title order={2} size="h4" id="report-definition" mb="sm">
              Definition
            </Title>
            <Stack gap="sm">
              <TextInput
                label="Title"
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={errors.title}
              />
              <div role="radiogroup" aria-label="Jobsites">
                <SegmentedControl
                  fullWidth
                  value={scope}
                  onChange={(v) => setScope(v as Scope)}
                  data={[
                    { value: 'all', label: 'All jobsites' },
                    { value: 'client', label: 'By client' },
                    { value: 'chosen', label: 'Chosen' },
                  ]}
                />
              </div>
              {scope === 'client' ? (
                <Select
                  label="Client"
                  value={clientId}
                  onChange={setClientId}
                  data={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  error={errors.jobsites}
                />
              ) : scope === 'chosen' ? (
                <MultiSelect
                  label="Jobsites"
                  value={chosen}
                  onChange={setChosen}
                  data={(jobsites.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
                  error={errors.jobsites}
                  searchable
                />
              ) : null}
              <div role="radiogroup" aria-label="Range">
                <SegmentedControl
                  fullWidth
                  value={rangeKind}
                  onChange={(v) => setRangeKind(v as 'relative' | 'fixed')}
                  data={[
                    { value: 'relative', label: 'Relative' },
                    { value: 'fixed', label: 'Fixed dates' },
                  ]}
                />
              </div>
              {rangeKind === 'relative' ? (
                <Select
                  label="Range"
                  value={relative}
                  allowDeselect={false}
                  onChange={(v) => v && setRelative(v as RelativeRange)}
                  data={RELATIVE_RANGES.map((r) => ({ value: r, label: RELATIVE_LABEL[r] }))}
                />
              ) : (
                <Group grow align="flex-start">
                  <TextInput
                    type="date"
                    label="From"
                    value={from}
                    onChange={(e) => setFrom(e.currentTarget.value)}
                    error={from ? undefined : 'Choose the first day'}
                  />
                  <TextInput
                    type="date"
                    label="To"
                    value={to}
                    onChange={(e) => setTo(e.currentTarget.value)}
                    error={
                      !to
                        ? 'Choose the last day'
                        : from && from > to
                          ? 'To must be on or after From'
                          : undefined
                    }
                  />
                </Group>
              )}
              <Checkbox.Group
                label="Sections"
                value={sections}
                onChange={(v) => setSections(v as ReportSection[])}
                error={errors.sections}
              >
                <Stack gap={6} mt={6}>
                  {REPORT_SECTIONS.map((s) => (
                    <Checkbox key={s} value={s} label={REPORT_SECTION_LABELS[s]} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Group>
                <Button onClick={() => void save()} loading={create.isPending} disabled={!parsed.success}>
                  Create report
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder component="section" aria-labelledby="report-preview">
            <Title order={2} size="h4" id="report-preview" mb="sm">
              Preview
            </Title>
            {preview.isError ? (
              <Alert color="red" role="alert">
                {friendlyErrorMessage(preview.error, 'The preview could not be made.')}
              </Alert>
            ) : preview.data ? (
              <ReportPreview data={preview.data} />
            ) : definition === null ? (
              <Text c="dimmed">Complete the definition to see its figures.</Text>
            ) : (
              <Skeleton h={200} aria-label="Loading the preview" />
            )}
          </Card>
        </SimpleGrid>
      )}
      {!refused ? (
        <section aria-labelledby="saved-reports">
          <Title order={2} size="h4" id="saved-reports" mb="sm">
            Saved reports
          </Title>
          {reports.isPending ? (
            <Skeleton h={80} aria-label="Loading saved reports" />
          ) : reports.isError ? (
            <Alert color="red" role="alert">
              {friendlyErrorMessage(reports.error, 'Saved reports could not be loaded.')}
            </Alert>
          ) : reports.data.reports.length === 0 ? (
            <Text c="dimmed">None yet: create one from the definition above.</Text>
          ) : (
            <DataTable
              minWidth={480}
              withTableBorder
              fz="sm"
              aria-label="Saved reports"
              headers={['Report', 'Range', 'Files']}
            >
              {reports.data.reports.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/analytics/reports/${r.id}`} fw={500}>
                      {r.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {'relative' in r.range
                      ? RELATIVE_LABEL[r.range.relative]
                      : dateRange(r.range.from, r.range.to)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => void download(r.id, r.title, 'pdf')}
                        aria-label={`Download PDF of ${r.title}`}
                      >
                        PDF
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void download(r.id, r.title, 'csv.zip')}
                        aria-label={`Download CSV bundle of ${r.title}`}
                      >
                        CSV bundle
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </section>
      ) : null}
    </Stack>
  );
}
