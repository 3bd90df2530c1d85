import {
  Alert,
  Anchor,
  Box,
  Container,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { BrandBand } from '../../components/brand-band';
import {
  NOTICE_LINK_DAYS,
  NOTICE_LINK_NOT_FOUND,
  type NoticeDetails,
} from '../../../../shared/notice-details';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useNoticeDetails } from '../../features/notices/api/get-notice';
import { ForecastEvidence } from '../../features/weather/components/forecast-evidence';
import { VerdictBadge } from '../../features/weather/components/verdict-badge';
import { ApiError } from '../../lib/api-client';
import { friendlyErrorMessage } from '../../lib/error-message';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { atSite, longDate } from '../../lib/day-format';
import { LabelledFact } from '../../components/labelled-fact';
import { PAGE_TITLE_SIZE } from '../../components/heading-size';

/** The local date `days` after `date`. */
function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function NoticeDocument({ n }: { n: NoticeDetails }) {
  const reasons = n.judgement?.rules ?? [];
  const tel = n.contact?.phone ? n.contact.phone.replace(/[^\d+]/g, '') : null;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
          {n.jobsite.name}: {longDate(n.date)}
        </Title>
        <Group gap="xs">
          <VerdictBadge verdict={n.verdict} hoursLost={n.hoursLost} />
          {n.hoursLost > 0 ? (
            <Text size="sm">
              {n.hoursLost} working {n.hoursLost === 1 ? 'hour' : 'hours'} lost
            </Text>
          ) : null}
        </Group>
      </Stack>

      <Group gap="xl" align="flex-start" wrap="wrap">
        {n.company ? <LabelledFact label="Contractor">{n.company}</LabelledFact> : null}
        <LabelledFact label="Site">
          {n.jobsite.name}
          {n.jobsite.address ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {n.jobsite.address}
            </Text>
          ) : null}
        </LabelledFact>
        {n.contact ? (
          <LabelledFact label="Site contact">
            {n.contact.name}
            {n.contact.phone ? (
              <Text size="sm">
                <Anchor href={`tel:${tel}`}>{n.contact.phone}</Anchor>
              </Text>
            ) : null}
          </LabelledFact>
        ) : null}
        <LabelledFact label="Working hours">
          {n.jobsite.workingHours.start}–{n.jobsite.workingHours.end} ({n.jobsite.timezone})
        </LabelledFact>
      </Group>

      <section aria-labelledby="notice-reasons">
        <Title order={2} size="h4" id="notice-reasons" mb="xs">
          Why
        </Title>
        {reasons.length > 0 ? (
          <List spacing={4}>
            {reasons.map((r) => (
              // Each reason already names its hours ("from 7 AM to 5 PM").
              <List.Item key={r.id}>{r.reason}</List.Item>
            ))}
          </List>
        ) : (
          <Text>No weather rule is met in the working hours: work goes ahead as planned.</Text>
        )}
      </section>

      <section aria-labelledby="notice-forecast">
        <Title order={2} size="h4" id="notice-forecast" mb="xs">
          Hourly forecast
        </Title>
        <ForecastEvidence e={n} units={n.units} tableFolded />
      </section>

      <Text size="sm" c="dimmed">
        Last checked {atSite(n.decidedAt, n.jobsite.timezone)}. This page shows the latest verdict for the
        day; its link works through {longDate(addDays(n.date, NOTICE_LINK_DAYS))}.
      </Text>
    </Stack>
  );
}

function NoticeBody({ token }: { token: string }) {
  const notice = useNoticeDetails(token);
  useDocumentTitle(notice.data ? `${notice.data.jobsite.name}, ${longDate(notice.data.date)}` : 'Notice');
  if (!token || (notice.error instanceof ApiError && notice.error.status === 404))
    return (
      <Alert color="yellow" title="This link does not open a notice" role="alert">
        {NOTICE_LINK_NOT_FOUND}
      </Alert>
    );
  if (notice.isError)
    return (
      <Alert color="red" title="Could not load the notice" role="alert">
        {friendlyErrorMessage(notice.error, 'Could not load the notice. Try again in a moment.')}
      </Alert>
    );
  if (!notice.data)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the notice">
        <Skeleton h={32} w="70%" />
        <Skeleton h={80} />
        <Skeleton h={180} />
      </Stack>
    );
  return <NoticeDocument n={notice.data} />;
}

/** Who the page speaks for: "<Company> via Raincheck" once the notice is loaded. */
function NoticeBrand({ token }: { token: string }) {
  const details = useNoticeDetails(token).data;
  const company = details?.company;
  // A white-labelled contractor's page speaks as itself alone (issue 24).
  if (details?.brand) return <BrandBand brand={details.brand} as="header" />;
  return (
    <Text fw={700} size="sm">
      {company ? `${company} via Raincheck` : 'Raincheck'}
    </Text>
  );
}

/**
 * `/n/{token}`: a notice's public details page (issue 20). No sign-in: the signed link is the
 * authority. Outside the signed-in frame, so it brings its own query client, as /unsubscribe does.
 */
export function NoticePage() {
  const { token = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Container size={860} py="lg" px="md">
        <Group justify="space-between" mb="md" wrap="nowrap" align="center">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <NoticeBrand token={token} />
          </Box>
          <ColorSchemeToggle />
        </Group>
        <Paper component="main" withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Box>
            <NoticeBody token={token} />
          </Box>
        </Paper>
      </Container>
    </QueryClientProvider>
  );
}
