import { Alert, Box, Button, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../../../shared/plans';
import type { AdvancedAnalyticsAnswer, AnalyticsAnswer } from '../../../../../shared/analytics';
import { BarChart, countTicks, type BarSeries, type BarSlot } from '../../../components/bar-chart';
import { dollars, toCsv } from '../../../../../shared/csv';
import { downloadCsv } from './csv';
import { DataTable } from '../../../components/data-table';
import { PhoneList } from '../../../components/phone-list';
import { RecordSection } from '../../../components/records/record-section';
import { chartMonth, monthLabel } from '../../../lib/day-format';

/** A section's download of what it shows, as a CSV file; off while there is nothing to download. */
function CsvButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="light" size="xs" onClick={onClick} disabled={disabled}>
      Download CSV
    </Button>
  );
}

/** Counts per month, in a grid of small charts. */
function MonthChart(props: { title: string; slots: BarSlot[]; series: BarSeries[] }) {
  return <BarChart {...props} size="sm" ticks={countTicks} heading />;
}

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The basic figures: totals, monthly charts, and the per-jobsite table with its CSV. */
export function BasicAnalyticsView({ data }: { data: AnalyticsAnswer }) {
  const months = data.months.map((m) => m.month);
  const slots = data.months.map((m) => ({ label: chartMonth(m.month), longLabel: monthLabel(m.month) }));
  const count = (
    label: string,
    color: string,
    value: (m: AnalyticsAnswer['months'][number]) => number,
  ): BarSeries => ({
    label,
    color,
    values: data.months.map(value),
    format: (v) => `${v} ${label.toLowerCase()}`,
  });
  const sent = data.totals.sent.notice + data.totals.sent.update + data.totals.sent.allClear;
  const jobsiteCsv = () =>
    downloadCsv(
      `analytics-jobsites-${data.from}-to-${data.to}.csv`,
      toCsv(
        ['jobsite', 'month', 'delay days', 'hours lost'],
        data.jobsites.flatMap((j) => j.months.map((m) => [j.name, m.month, m.delayDays, m.hoursLost])),
      ),
    );
  const monthCsv = () =>
    downloadCsv(
      `analytics-months-${data.from}-to-${data.to}.csv`,
      toCsv(
        [
          'month',
          'delay days',
          'hours lost',
          'notices',
          'updates',
          'all clears',
          'messages',
          'delivered',
          'delivery rate %',
        ],
        data.months.map((m) => [
          m.month,
          m.delayDays,
          m.hoursLost,
          m.sent.notice,
          m.sent.update,
          m.sent.allClear,
          m.attempted,
          m.delivered,
          m.deliveryRate,
        ]),
      ),
    );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Kpi label="Delay days" value={data.totals.delayDays} />
        <Kpi label="Hours lost" value={data.totals.hoursLost} />
        <Kpi
          label="Messages sent"
          value={sent}
          hint={`${data.totals.sent.notice} notices, ${data.totals.sent.update} updates, ${data.totals.sent.allClear} all clears`}
        />
        <Kpi
          label="Delivery rate"
          value={data.totals.attempted === 0 ? '—' : `${data.totals.deliveryRate}%`}
          hint={`${data.totals.delivered} of ${data.totals.attempted} messages sent`}
        />
      </SimpleGrid>

      <RecordSection id="analytics-months" title="By month" actions={<CsvButton onClick={monthCsv} />}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mb="md">
          <MonthChart
            title="Delay days"
            slots={slots}
            series={[count('Delay days', 'orange', (m) => m.delayDays)]}
          />
          <MonthChart
            title="Hours lost"
            slots={slots}
            series={[count('Hours lost', 'blue', (m) => m.hoursLost)]}
          />
          <MonthChart
            title="Messages sent"
            slots={slots}
            series={[
              count('Notices', 'red', (m) => m.sent.notice),
              count('Updates', 'yellow', (m) => m.sent.update),
              count('All clears', 'teal', (m) => m.sent.allClear),
            ]}
          />
        </SimpleGrid>
        <Box visibleFrom="sm">
          <DataTable
            minWidth={640}
            framed
            aria-label="Figures by month"
            headers={[
              'Month',
              'Delay days',
              'Hours lost',
              'Notices',
              'Updates',
              'All clears',
              'Delivery rate',
            ]}
          >
            {data.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthLabel(m.month)}</Table.Td>
                <Table.Td>{m.delayDays}</Table.Td>
                <Table.Td>{m.hoursLost}</Table.Td>
                <Table.Td>{m.sent.notice}</Table.Td>
                <Table.Td>{m.sent.update}</Table.Td>
                <Table.Td>{m.sent.allClear}</Table.Td>
                <Table.Td>{m.attempted === 0 ? '—' : `${m.deliveryRate}%`}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Box>
        <PhoneList label="Figures by month" gap="xs">
          {data.months.map((m) => (
            <Box component="li" key={m.month}>
              <Text size="sm">
                <Text span fw={700} size="sm">
                  {monthLabel(m.month)}:
                </Text>{' '}
                {m.delayDays} delay {m.delayDays === 1 ? 'day' : 'days'}, {m.hoursLost} h lost;{' '}
                {m.sent.notice} {m.sent.notice === 1 ? 'notice' : 'notices'}, {m.sent.update}{' '}
                {m.sent.update === 1 ? 'update' : 'updates'}, {m.sent.allClear}{' '}
                {m.sent.allClear === 1 ? 'all clear' : 'all clears'}
                {m.attempted === 0 ? '' : `; ${m.deliveryRate}% delivered`}
              </Text>
            </Box>
          ))}
        </PhoneList>
      </RecordSection>

      <RecordSection
        id="analytics-jobsites"
        title="By jobsite"
        actions={<CsvButton onClick={jobsiteCsv} disabled={data.jobsites.length === 0} />}
      >
        {data.jobsites.length === 0 ? (
          <Text c="dimmed">No jobsites yet: add one and its weather days will be counted here.</Text>
        ) : (
          <DataTable
            minWidth={200 + months.length * 110}
            framed
            aria-label="Delay days and hours lost by jobsite and month"
            headers={['Jobsite', ...months.map(monthLabel), 'Total']}
          >
            {data.jobsites.map((j) => (
              <Table.Tr key={j.id}>
                <Table.Td>{j.name}</Table.Td>
                {j.months.map((m) => {
                  const o = j.observed?.find((x) => x.month === m.month);
                  return (
                    <Table.Td key={m.month}>
                      {m.delayDays} d · {m.hoursLost} h
                      {o && o.share !== null ? (
                        <Text size="xs" c="dimmed">
                          {Math.round(o.share * 100)}% confirmed ({o.confirmed}/{o.judged})
                        </Text>
                      ) : null}
                    </Table.Td>
                  );
                })}
                <Table.Td fw={600}>
                  {j.delayDays} d · {j.hoursLost} h
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          d = delay days (a full-day call, or a partial one losing half the working day or more, not marked
          worked); h = hours lost on them; % confirmed = the share of those delay days that observed weather
          (nearest official station, else the reanalysis at the point) bore out, of those observed so far.
        </Text>
      </RecordSection>
    </Stack>
  );
}

/** Per-client figures and the cost of delay (Premium and Enterprise). */
export function AdvancedAnalyticsView({ data }: { data: AdvancedAnalyticsAnswer }) {
  const missingRates = data.jobsites.some((j) => j.crewsWithoutRate > 0 || j.crewWorkers === 0);
  const csv = () =>
    downloadCsv(
      `analytics-cost-of-delay-${data.from}-to-${data.to}.csv`,
      toCsv(
        ['jobsite', 'hours lost', 'crew workers', 'hourly cost (USD)', 'cost of delay (USD)'],
        data.jobsites.map((j) => [
          j.name,
          j.hoursLost,
          j.crewWorkers,
          dollars(j.hourlyCostCents),
          dollars(j.costCents),
        ]),
      ),
    );
  const clientCsv = () =>
    downloadCsv(
      `analytics-clients-${data.from}-to-${data.to}.csv`,
      toCsv(
        ['client', 'jobsites', 'delay days', 'hours lost', 'cost of delay (USD)'],
        data.clients.map((c) => [c.name, c.jobsites, c.delayDays, c.hoursLost, dollars(c.costCents)]),
      ),
    );
  return (
    <Stack gap="lg">
      <RecordSection
        id="analytics-cost"
        title={`Cost of delay: ${formatUsd(data.totals.costCents)}`}
        actions={<CsvButton onClick={csv} disabled={data.jobsites.length === 0} />}
      >
        <Text size="sm" c="dimmed" mb="sm">
          Per jobsite: workers on its crews × each crew&apos;s hourly rate × hours lost on delay days.
        </Text>
        {missingRates ? (
          <Alert color="yellow" mb="sm" title="Some crews have no hourly rate or no workers">
            Their hours are not priced. Enter an hourly rate per worker on each crew&apos;s page.
          </Alert>
        ) : null}
        <DataTable
          minWidth={560}
          framed
          aria-label="Cost of delay by jobsite"
          headers={['Jobsite', 'Hours lost', 'Crew workers', 'Cost per hour', 'Cost of delay']}
          rows={data.jobsites}
          rowKey={(j) => j.id}
          cells={(j) => [
            j.name,
            j.hoursLost,
            j.crewWorkers,
            formatUsd(j.hourlyCostCents),
            formatUsd(j.costCents),
          ]}
          columnProps={{ 4: { fw: 600 } }}
        />
      </RecordSection>
      <RecordSection
        id="analytics-clients"
        title="By client"
        actions={<CsvButton onClick={clientCsv} disabled={data.clients.length === 0} />}
      >
        <DataTable
          minWidth={520}
          framed
          aria-label="Figures by client"
          headers={['Client', 'Jobsites', 'Delay days', 'Hours lost', 'Cost of delay']}
          rows={data.clients}
          rowKey={(c) => c.clientId ?? 'none'}
          cells={(c) => [c.name, c.jobsites, c.delayDays, c.hoursLost, formatUsd(c.costCents)]}
        />
      </RecordSection>
    </Stack>
  );
}
