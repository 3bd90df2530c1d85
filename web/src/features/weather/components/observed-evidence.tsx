import { Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import type { LedgerEvidence } from '../../../../../shared/ledger';
import type { RuleMetric } from '../../../../../shared/weather/rule';
import { formatValue, type UnitSystem } from '../../../../../shared/weather/units';
import { DataTable } from '../../../components/data-table';
import { localParts } from '../local-parts';
import { distanceText, OBSERVATION_COLOR, OBSERVATION_LABEL } from '../../../lib/observation-labels';
import { metricHeading } from './hourly-chart';

const EXPLAIN: Record<LedgerEvidence['observed']['status'], string> = {
  confirmed: 'Observed weather bears the call out.',
  'not-confirmed': 'Observed weather does not bear the call out.',
  pending:
    'Observation is sought after the working day, for up to a week (the reanalysis arrives days late).',
  unavailable: 'Observation is unavailable for this day: nothing is shown rather than anything invented.',
};

const hoursText = (hours: string[]) =>
  hours.length > 3 ? `${hours[0]}–${hours[hours.length - 1]}` : hours.join(', ');

/** Forecast and observed side by side: per rule, then per hour (the evidence page, issue 25). */
export function ObservedEvidence({ e, units }: { e: LedgerEvidence; units: UnitSystem }) {
  const o = e.observed;
  const tz = e.jobsite.timezone;
  const judged = o.series.find((s) => s.source.name === o.judgedOn) ?? o.series[0] ?? null;
  const sourceOf = (name: string) => o.sources.find((s) => s.name === name);
  const metricOf = (id: string) => e.rules.find((r) => r.id === id)?.metric as RuleMetric | undefined;
  const start = Number(e.jobsite.workingHours.start.slice(0, 2));
  const end = Number(e.jobsite.workingHours.end.slice(0, 2));
  const metrics = [...new Set(e.rules.map((r) => r.metric))].filter(
    (m) => judged?.values[m as keyof typeof judged.values] || e.forecast?.values[m],
  ) as RuleMetric[];
  const forecastAt = new Map(
    (e.forecast?.hours ?? [])
      .map((iso, i) => [iso, i] as const)
      .filter(([iso]) => localParts(iso, tz).date === e.date),
  );
  const rows = (judged?.hours ?? []).map((iso, i) => ({ iso, i, ...localParts(iso, tz) }));
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge size="lg" variant="light" color={OBSERVATION_COLOR[o.status]} data-testid="observed-status">
          Observation: {OBSERVATION_LABEL[o.status]}
        </Badge>
        <Text size="sm">{o.reason ?? EXPLAIN[o.status]}</Text>
      </Group>
      {o.sources.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            Sources
          </Text>
          <List size="sm">
            {o.sources.map((s) => (
              <List.Item key={s.name}>
                {s.name} ({s.kind === 'station' ? 'official station' : 'reanalysis at the point'},{' '}
                {distanceText(s.distanceKm, units)}). {s.attribution}.
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {o.rules.length > 0 ? (
        <DataTable
          withTableBorder
          fz="sm"
          headers={['Rule', 'Forecast', 'Observed']}
          aria-label="Rules, forecast and observed"
        >
          {o.rules.map((r) => {
            const metric = metricOf(r.id);
            const src = r.observed ? sourceOf(r.observed.source) : undefined;
            return (
              <Table.Tr key={r.id}>
                <Table.Td>{r.label ?? r.id}</Table.Td>
                <Table.Td>
                  {r.forecast && metric
                    ? `${formatValue(metric, r.forecast.peak, units)} at ${hoursText(r.forecast.hours)}`
                    : 'Not met'}
                </Table.Td>
                <Table.Td>
                  {r.observed && metric
                    ? `${formatValue(metric, r.observed.peak, units)} at ${hoursText(r.observed.hours)}, ${r.observed.source}${src ? `, ${distanceText(src.distanceKm, units)}` : ''}`
                    : o.verdict === null
                      ? '—'
                      : 'Not met'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      ) : null}
      {judged && metrics.length > 0 ? (
        <DataTable
          minWidth={120 + metrics.length * 200}
          framed
          fz="sm"
          caption={
            <>
              Forecast at decision time beside observed ({judged.source.name}), local time {tz}.
            </>
          }
          headers={[
            'Hour',
            ...metrics.flatMap((m) => [
              `Forecast ${metricHeading(m, units)}`,
              `Observed ${metricHeading(m, units)}`,
            ]),
          ]}
        >
          {rows
            .filter((r) => r.date === e.date)
            .map((r) => {
              const fi = forecastAt.get(r.iso);
              return (
                <Table.Tr key={r.iso}>
                  <Table.Td>
                    {String(r.hour).padStart(2, '0')}:00{r.hour >= start && r.hour < end ? '' : ' (off)'}
                  </Table.Td>
                  {metrics.flatMap((m) => {
                    const f = fi === undefined ? null : (e.forecast?.values[m]?.[fi] ?? null);
                    const v = judged.values[m as keyof typeof judged.values]?.[r.i] ?? null;
                    return [
                      <Table.Td key={`f-${m}`}>{f === null ? '—' : formatValue(m, f, units)}</Table.Td>,
                      <Table.Td key={`o-${m}`}>{v === null ? '—' : formatValue(m, v, units)}</Table.Td>,
                    ];
                  })}
                </Table.Tr>
              );
            })}
        </DataTable>
      ) : null}
    </Stack>
  );
}
