import { Stack, Table, Text } from '@mantine/core';
import type { LedgerEvidence } from '../../../../../shared/ledger';
import type { RuleMetric } from '../../../../../shared/weather/rule';
import { formatValue, type UnitSystem } from '../../../../../shared/weather/units';
import { localParts } from '../local-parts';
import { HourlyChart, metricHeading } from './hourly-chart';
import { DataTable } from '../../../components/data-table';

/** What the charts need of a decided day: the evidence page's and the public notice page's alike. */
export type DecidedDay = Pick<LedgerEvidence, 'date' | 'forecast' | 'rules' | 'judgement'> & {
  jobsite: Pick<LedgerEvidence['jobsite'], 'timezone' | 'workingHours'>;
};

/** The hourly forecast a day was decided on, as charts and a table (evidence and notice pages). */
export function ForecastEvidence({
  e,
  units,
  tableFolded = false,
}: {
  e: DecidedDay;
  units: UnitSystem;
  /** Fold the hour-by-hour table under a summary (the public notice page, read on a phone). */
  tableFolded?: boolean;
}) {
  const forecast = e.forecast;
  if (!forecast || forecast.hours.length === 0)
    return <Text c="dimmed">No forecast snapshot was stored with this decision.</Text>;
  const tz = e.jobsite.timezone;
  const start = Number(e.jobsite.workingHours.start.slice(0, 2));
  const end = Number(e.jobsite.workingHours.end.slice(0, 2));
  // The series the rules read, in the jobsite's rule order; others stay in the account export.
  const ruleMetrics = [...new Set(e.rules.map((r) => r.metric))];
  const metrics = (ruleMetrics.length ? ruleMetrics : Object.keys(forecast.values)).filter(
    (m) => forecast.values[m],
  ) as RuleMetric[];
  const hit = new Set(e.judgement?.rules.flatMap((r) => r.hours) ?? []);
  // The snapshot may reach past the day (the provider's window): the evidence is the working date only.
  const rows = forecast.hours.flatMap((iso, i) => {
    const { date, hour } = localParts(iso, tz);
    if (date !== e.date) return [];
    return [
      { iso, i, hour, label: `${String(hour).padStart(2, '0')}:00`, working: hour >= start && hour < end },
    ];
  });
  const charted = metrics.filter((m) =>
    e.judgement?.rules.some((r) => e.rules.find((x) => x.id === r.id)?.metric === m),
  );
  const table = (
    <DataTable
      minWidth={120 + metrics.length * 120}
      framed
      fz="sm"
      caption={
        <>
          Hourly forecast at decision time (source: {forecast.source}
          {forecast.scenario ? `, scenario “${forecast.scenario}”` : ''}), local time {tz}; hours in bold are
          working hours a rule counted in.
        </>
      }
      headers={['Hour', ...metrics.map((m) => metricHeading(m, units))]}
    >
      {rows.map((r) => (
        <Table.Tr key={r.iso} fw={hit.has(r.label) ? 700 : undefined}>
          <Table.Td>
            {r.label}
            {r.working ? '' : ' (off)'}
          </Table.Td>
          {metrics.map((m) => {
            const v = forecast.values[m]?.[r.i];
            return (
              <Table.Td key={m}>{v === null || v === undefined ? '—' : formatValue(m, v, units)}</Table.Td>
            );
          })}
        </Table.Tr>
      ))}
    </DataTable>
  );
  return (
    <Stack gap="md">
      {(charted.length ? charted : metrics).slice(0, 2).map((m) => (
        <div key={m} className="evidence-block">
          <HourlyChart
            metric={m}
            units={units}
            rules={e.rules}
            hours={rows.map((r) => ({
              hour: r.hour,
              value: forecast.values[m]?.[r.i] ?? null,
              working: r.working,
            }))}
          />
        </div>
      ))}
      {tableFolded ? (
        <details>
          <summary>Every hour, as a table</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </Stack>
  );
}
