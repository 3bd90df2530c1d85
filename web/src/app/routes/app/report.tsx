import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { REPORT_SECTION_LABELS } from '../../../../../shared/reports';
import { useReport, useReportSchedule } from '../../../features/reports/api/report-schedules-api';
import { ReportScheduleForm } from '../../../features/reports/components/report-schedule-form';
import { ReportSendHistory } from '../../../features/reports/components/report-send-history';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /analytics/reports/{id}: one saved report, its email schedule and the history of what was sent. */
export function ReportPage() {
  const id = useParams().reportId ?? '';
  const report = useReport(id);
  const schedule = useReportSchedule(id);
  useDocumentTitle(report.data ? report.data.title : 'Report');

  if (report.isError || schedule.isError)
    return (
      <Alert color="red" role="alert" title="This report could not be opened">
        {friendlyErrorMessage(report.error ?? schedule.error, 'Try again in a moment.')}
        <Anchor component={Link} to="/analytics/reports" display="block" mt="xs">
          ← Custom reports
        </Anchor>
      </Alert>
    );
  if (!report.data || !schedule.data) return <Skeleton h={240} aria-label="Loading the report" />;
  const r = report.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/analytics/reports" size="sm">
          ← Custom reports
        </Anchor>
        <Title order={1} size="h2">
          {r.title}
        </Title>
        <Text c="dimmed" size="sm">
          {r.sections.map((s) => REPORT_SECTION_LABELS[s]).join(' · ')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder component="section" aria-labelledby="report-schedule">
          <Title order={2} size="h4" id="report-schedule" mb="xs">
            Email schedule
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            A scheduled email covers the whole week or month just ended, whatever range the saved report shows
            on screen.
          </Text>
          <ReportScheduleForm
            key={schedule.data.schedule?.updatedAt ?? 'none'}
            reportId={id}
            schedule={schedule.data.schedule}
          />
        </Card>
        <Card withBorder component="section" aria-labelledby="report-history">
          <Title order={2} size="h4" id="report-history" mb="sm">
            Send history
          </Title>
          <ReportSendHistory reportId={id} title={r.title} sends={schedule.data.sends} now={new Date()} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
