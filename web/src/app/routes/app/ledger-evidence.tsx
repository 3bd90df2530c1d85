import { Anchor, Badge, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ReadBlock } from '../../../components/records/query-state';
import { Link, useParams } from 'react-router-dom';
import { effectivePlan } from '../../../../../shared/subscription';
import type { UnitSystem } from '../../../../../shared/weather/units';
import { useMe } from '../../../features/account/api/get-me';
import type { LedgerEvidence } from '../../../../../shared/ledger';
import { useLedgerEvidence } from '../../../features/jobsites/api/get-ledger';
import { VERDICT_COLOR, VERDICT_LABEL } from '../../../features/jobsites/components/weather-ledger';
import { ForecastEvidence } from '../../../features/weather/components/forecast-evidence';
import { ObservedEvidence } from '../../../features/weather/components/observed-evidence';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { atSite, longDate, monthLabel } from '../../../lib/day-format';
import { PAGE_TITLE_SIZE } from '../../../components/heading-size';
import { PhoneList } from '../../../components/phone-list';
import { LabelledFact } from '../../../components/labelled-fact';
import { JobsiteConfirmations } from '../../../features/confirmations/components/confirmation-lines';
import { DataTable } from '../../../components/data-table';

/*
 * Printing: the browser's "Save as PDF" should give the evidence alone, black on white. The app's
 * header, navbar and the page's own buttons are hidden, tables keep their rows whole and headings
 * stay with what follows them. Scoped to this page by living in it.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 14mm; }
  .mantine-AppShell-header, .mantine-AppShell-navbar, .mantine-Notifications-root, [data-print="hide"] {
    display: none !important;
  }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  html, body, #root, .mantine-AppShell-root, .mantine-AppShell-main { background: #fff !important; }
  .evidence-doc, .evidence-doc * {
    color: #000 !important; background: transparent !important; box-shadow: none !important;
    border-color: #000 !important;
  }
  .evidence-doc svg text { fill: #000 !important; }
  .evidence-doc svg rect { fill: #e8e8e8 !important; fill-opacity: 1 !important; }
  .evidence-doc table { width: 100%; border-collapse: collapse; }
  .evidence-doc tr, .evidence-doc .evidence-block { break-inside: avoid; page-break-inside: avoid; }
  .evidence-doc h1, .evidence-doc h2 { break-after: avoid; page-break-after: avoid; }
  .evidence-doc .mantine-Badge-root { border: 1px solid #000 !important; }
}
`;

const AUDIENCE: Record<LedgerEvidence['messages'][number]['audience'], string> = {
  worker: 'Worker',
  manager: 'Manager',
  client: 'Client',
};
const KIND: Record<LedgerEvidence['messages'][number]['kind'], string> = {
  notice: 'Delay notice',
  update: 'Update',
  allClear: 'All clear',
};
const STATUS: Record<LedgerEvidence['messages'][number]['status'], string> = {
  SENT: 'Sent',
  PENDING: 'Not sent (pending)',
  FAILED: 'Failed',
};

function EvidenceDocument({ e, units }: { e: LedgerEvidence; units: UnitSystem }) {
  const tz = e.jobsite.timezone;
  return (
    <Stack gap="lg" className="evidence-doc">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Weather-day evidence
        </Text>
        <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
          {e.jobsite.name}: {longDate(e.date)}
        </Title>
        <Group gap="xs">
          <Badge size="lg" variant="light" color={VERDICT_COLOR[e.verdict]}>
            {VERDICT_LABEL[e.verdict]}
          </Badge>
          {e.beyondAllowance ? (
            <Badge size="lg" color="red">
              Beyond the monthly allowance
            </Badge>
          ) : e.delayDay ? (
            <Badge size="lg" variant="outline" color="orange">
              Delay day within the allowance
            </Badge>
          ) : (
            <Badge size="lg" variant="outline" color="gray">
              Not a delay day
            </Badge>
          )}
        </Group>
      </Stack>

      <section className="evidence-block" aria-labelledby="ev-summary">
        <Title order={2} size="h4" id="ev-summary" mb="xs">
          Summary
        </Title>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <LabelledFact label="Jobsite">
            {e.jobsite.name}
            {e.jobsite.address ? <Text size="sm">{e.jobsite.address}</Text> : null}
          </LabelledFact>
          <LabelledFact label="Client">{e.client?.name ?? 'None'}</LabelledFact>
          <LabelledFact label="Working day">
            {longDate(e.date)}, {e.jobsite.workingHours.start}–{e.jobsite.workingHours.end} ({tz})
          </LabelledFact>
          <LabelledFact label="Hours lost">{e.hoursLost}</LabelledFact>
          <LabelledFact label="Decided">{atSite(e.decidedAt, tz)}</LabelledFact>
          <LabelledFact label={`${monthLabel(e.month.month)} so far`}>
            {e.month.delayDays} delay {e.month.delayDays === 1 ? 'day' : 'days'}, {e.month.anticipated}{' '}
            anticipated, {e.month.beyondAllowance} beyond
          </LabelledFact>
        </Group>
      </section>

      <section className="evidence-block" aria-labelledby="ev-worked">
        <Title order={2} size="h4" id="ev-worked" mb="xs">
          Contractor&apos;s mark
        </Title>
        <Text>
          {e.worked === null
            ? 'Not marked: the forecast call stands.'
            : e.worked
              ? 'Marked worked: the crew worked this day despite the forecast call, so it is not counted as a delay day.'
              : 'Marked not worked: the day was lost as the forecast called.'}
          {e.markedAt ? ` (${e.markedBy ? `by ${e.markedBy}, ` : ''}${atSite(e.markedAt, tz)})` : ''}
        </Text>
        {e.note ? <Text mt={4}>Note: {e.note}</Text> : null}
      </section>

      <section className="evidence-block" aria-labelledby="ev-rules">
        <Title order={2} size="h4" id="ev-rules" mb="xs">
          Rules applied
        </Title>
        {e.judgement && e.judgement.rules.length > 0 ? (
          <DataTable withTableBorder fz="sm" headers={['Rule', 'Reason', 'Hours it counted in']}>
            {e.judgement.rules.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{e.rules.find((x) => x.id === r.id)?.label ?? r.id}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
                <Table.Td>{r.hours.join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        ) : (
          <Text>No rule was met in the working hours.</Text>
        )}
        {e.rules.length > 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            The jobsite&apos;s rules at decision time: {e.rules.map((r) => r.label || r.id).join('; ')}.
          </Text>
        ) : null}
      </section>

      <section aria-labelledby="ev-forecast">
        <Title order={2} size="h4" id="ev-forecast" mb="xs">
          Forecast at decision time
        </Title>
        <ForecastEvidence e={e} units={units} />
      </section>

      <section aria-labelledby="ev-observed">
        <Title order={2} size="h4" id="ev-observed" mb="xs">
          Forecast and observed
        </Title>
        <ObservedEvidence e={e} units={units} />
      </section>

      <section className="evidence-block" aria-labelledby="ev-told">
        <Title order={2} size="h4" id="ev-told" mb="xs">
          Who was told
        </Title>
        {e.messages.length === 0 ? (
          <Text>No message was sent about this day.</Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <DataTable
                minWidth={640}
                framed
                fz="sm"
                headers={['Recipient', 'Role', 'Message', 'When', 'Delivery']}
              >
                {e.messages.map((m) => (
                  <Table.Tr key={`${m.recipient}-${m.kind}-${m.claimedAt}`}>
                    <Table.Td>
                      {m.recipientName || m.recipient}
                      {m.recipientName ? (
                        <Text size="xs" c="dimmed">
                          {m.recipient}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{AUDIENCE[m.audience]}</Table.Td>
                    <Table.Td>
                      {KIND[m.kind]} ({VERDICT_LABEL[m.verdict].toLowerCase()})
                    </Table.Td>
                    <Table.Td>{atSite(m.sentAt ?? m.claimedAt, tz)}</Table.Td>
                    <Table.Td>{STATUS[m.status]}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            </Box>
            <PhoneList label="Who was told" gap="sm">
              {e.messages.map((m) => (
                <Box component="li" key={`${m.recipient}-${m.kind}-${m.claimedAt}`}>
                  <Text size="sm" fw={600}>
                    {m.recipientName || m.recipient}
                  </Text>
                  {m.recipientName ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.recipient}
                    </Text>
                  ) : null}
                  <Text size="sm">
                    {AUDIENCE[m.audience]} · {KIND[m.kind]} ({VERDICT_LABEL[m.verdict].toLowerCase()})
                  </Text>
                  <Text size="sm">
                    {STATUS[m.status]} · {atSite(m.sentAt ?? m.claimedAt, tz)}
                  </Text>
                </Box>
              ))}
            </PhoneList>
          </>
        )}
      </section>

      <section className="evidence-block" aria-labelledby="ev-confirmed">
        <Title order={2} size="h4" id="ev-confirmed" mb="xs">
          Crew confirmation
        </Title>
        <JobsiteConfirmations
          jobsiteId={e.jobsite.id}
          from={e.date}
          to={e.date}
          empty="No foreman was asked to confirm this day."
        />
      </section>
    </Stack>
  );
}

/** /jobsites/{id}/ledger/{date}: the printable evidence of one decided working day. */
export function LedgerEvidencePage() {
  const { jobsiteId = '', date = '' } = useParams();
  const evidence = useLedgerEvidence(jobsiteId, date);
  const me = useMe();
  const units: UnitSystem = me.data?.profile.units ?? 'us';
  // Basic and no-plan accounts keep their jobsite and its ledger on the dashboard.
  const plan = me.data ? effectivePlan(me.data.subscription) : 'none';
  const back =
    plan === 'premium' || plan === 'enterprise'
      ? { to: `/jobsites/${encodeURIComponent(jobsiteId)}`, label: 'Jobsite and ledger' }
      : { to: '/dashboard', label: 'Dashboard and ledger' };
  useDocumentTitle(evidence.data ? `Evidence ${evidence.data.jobsite.name} ${date}` : 'Weather-day evidence');
  return (
    <Stack gap="md">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" data-print="hide">
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
        <Button onClick={() => window.print()} disabled={!evidence.data}>
          Print
        </Button>
      </Group>
      <ReadBlock
        query={evidence}
        label="Loading the evidence"
        height={400}
        failedTitle="Could not load this day"
        failed="The evidence could not be loaded just now."
      >
        {(e) => <EvidenceDocument e={e} units={units} />}
      </ReadBlock>
    </Stack>
  );
}
