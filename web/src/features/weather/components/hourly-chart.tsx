import { useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { ChartGridLine } from '../../../components/chart-grid-line';
import { formatNumber, toDisplay, unitLabel, type UnitSystem } from '../../../../../shared/weather/units';
import type { Rule, RuleMetric } from '../../../../../shared/weather/rule';

const METRIC_LABEL: Partial<Record<RuleMetric, string>> = {
  temperature: 'Air temperature',
  apparent_temperature: 'Feels like',
  dew_point: 'Dew point',
  relative_humidity: 'Humidity',
  precipitation: 'Rain',
  precipitation_probability: 'Chance of rain',
  snowfall: 'Snow',
  wind_speed: 'Wind',
  wind_gusts: 'Gusts',
  weather_code: 'Weather code',
  visibility: 'Visibility',
  heat_index: 'Heat index',
  wind_chill: 'Wind chill',
  dew_point_spread: 'Dew point spread',
  evaporation_rate: 'Evaporation rate',
};

export const metricLabel = (m: RuleMetric) => METRIC_LABEL[m] ?? m;

/** A column heading: "Gusts (mph)", or the name alone for a metric without a unit ("Weather code"). */
export function metricHeading(m: RuleMetric, units: UnitSystem): string {
  const unit = unitLabel(m, units);
  return unit ? `${metricLabel(m)} (${unit})` : metricLabel(m);
}

const NON_NEGATIVE = new Set<RuleMetric>([
  'precipitation',
  'precipitation_probability',
  'relative_humidity',
  'snowfall',
  'wind_speed',
  'wind_gusts',
  'visibility',
  'evaporation_rate',
]);

export interface ChartHour {
  /** Local hour of day, 0–23. */
  hour: number;
  value: number | null;
  working: boolean;
}

/**
 * One metric over one local day: the values as a line, each rule's threshold as a dashed line and
 * the working hours shaded, in the account's units. Drawn as SVG (no chart library on the page).
 */
export function HourlyChart({
  metric,
  hours,
  rules,
  units,
}: {
  metric: RuleMetric;
  hours: ChartHour[];
  rules: Rule[];
  units: UnitSystem;
}) {
  const theme = useMantineTheme();
  // Drawn at the width it gets, so its labels keep their size on a phone.
  const { ref, width } = useElementSize();
  const W = Math.max(300, Math.min(720, Math.round(width) || 640));
  const H = 180;
  const pad = { l: 44, r: 12, t: 12, b: 26 };
  const shown = hours.map((h) => ({ ...h, v: h.value === null ? null : toDisplay(metric, h.value, units) }));
  const thresholds = rules
    .filter((r) => r.metric === metric)
    .map((r) => ({ rule: r, v: toDisplay(metric, r.threshold, units) }));
  const values = [...shown.flatMap((h) => (h.v === null ? [] : [h.v])), ...thresholds.map((t) => t.v)];
  if (values.length === 0) return null;
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1) {
    hi += 1;
    lo -= 1;
  }
  const span = hi - lo;
  // Amounts, speeds and chances are never below zero: the axis does not pretend they could be.
  lo = NON_NEGATIVE.has(metric) ? Math.max(0, lo - span * 0.1) : lo - span * 0.1;
  hi += span * 0.1;
  const x = (hour: number) => pad.l + (hour / 24) * (W - pad.l - pad.r);
  const y = (v: number) => pad.t + (1 - (v - lo) / (hi - lo)) * (H - pad.t - pad.b);
  const path = shown
    .filter((h) => h.v !== null)
    .map((h, i) => `${i === 0 ? 'M' : 'L'}${x(h.hour + 0.5).toFixed(1)},${y(h.v!).toFixed(1)}`)
    .join(' ');
  const unit = unitLabel(metric, units);
  const workStart = shown.find((h) => h.working)?.hour;
  const workEnd = [...shown].reverse().find((h) => h.working)?.hour;
  const line = theme.colors.blue[6];
  const limit = theme.colors.red[6];
  const label = `${metricLabel(metric)} by hour${thresholds.length ? `, limit ${thresholds.map((t) => `${formatNumber(metric, t.v, units)} ${unit}`).join(' and ')}` : ''}`;
  return (
    <div ref={ref} style={{ width: '100%', maxWidth: 720 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} style={{ display: 'block' }}>
        {workStart !== undefined && workEnd !== undefined ? (
          <rect
            x={x(workStart)}
            y={pad.t}
            width={x(workEnd + 1) - x(workStart)}
            height={H - pad.t - pad.b}
            fill="var(--mantine-color-yellow-light)"
            fillOpacity={0.7}
          >
            <title>Working hours</title>
          </rect>
        ) : null}
        {[lo + (hi - lo) * 0.1, (lo + hi) / 2, hi - (hi - lo) * 0.1].map((v) => (
          <ChartGridLine key={v} left={pad.l} right={W - pad.r} y={y(v)} gap={6} fontSize="11">
            {formatNumber(metric, v, units)}
          </ChartGridLine>
        ))}
        {[0, 6, 12, 18].map((h) => (
          <text key={h} x={x(h)} y={H - 8} fontSize="11" fill="var(--mantine-color-dimmed)">
            {h === 0 ? '12 AM' : h === 12 ? '12 PM' : h < 12 ? `${h} AM` : `${h - 12} PM`}
          </text>
        ))}
        {thresholds.map((t) => (
          <g key={t.rule.id}>
            <line
              x1={pad.l}
              x2={W - pad.r}
              y1={y(t.v)}
              y2={y(t.v)}
              stroke={limit}
              strokeDasharray="6 4"
              strokeWidth={1.5}
            />
            <text x={W - pad.r} y={y(t.v) - 6} fontSize="11" textAnchor="end" fill={limit} fontWeight={600}>
              limit {formatNumber(metric, t.v, units)} {unit}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke={line} strokeWidth={2} />
        <text x={pad.l} y={pad.t - 2} fontSize="11" fill="var(--mantine-color-dimmed)">
          {unit}
        </text>
      </svg>
    </div>
  );
}
