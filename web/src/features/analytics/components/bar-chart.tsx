import { Group, Text, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

export interface BarSeries {
  label: string;
  /** A Mantine colour name. */
  color: string;
  values: number[];
}

/** "2026-03" → "Mar 26". */
const monthLabel = (m: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  );

/**
 * Grouped bars per month, drawn as SVG at the width it gets. The figures are also in the table
 * beside it; the chart's label says what it shows.
 */
export function MonthBarChart({
  title,
  months,
  series,
}: {
  title: string;
  months: string[];
  series: BarSeries[];
}) {
  const theme = useMantineTheme();
  const { ref, width } = useElementSize();
  const W = Math.max(300, Math.round(width) || 640);
  const H = 200;
  const pad = { l: 36, r: 8, t: 16, b: 26 };
  // At least 0–2, so an empty or small chart has whole-number ticks.
  const max = Math.max(2, ...series.flatMap((s) => s.values));
  const top = max <= 4 ? 2 * Math.ceil(max / 2) : Math.ceil(max / 10) * 10;
  const slot = (W - pad.l - pad.r) / Math.max(1, months.length);
  const barW = Math.max(4, Math.min(28, (slot * 0.7) / series.length));
  const y = (v: number) => pad.t + (1 - v / top) * (H - pad.t - pad.b);
  const ticks = [0, top / 2, top];
  // Every label on wide screens; every other one when the slots get narrow.
  const every = slot < 38 ? 2 : 1;
  const label = `${title}: ${months
    .map(
      (m, i) =>
        `${monthLabel(m)} ${series.map((s) => `${s.values[i] ?? 0} ${s.label.toLowerCase()}`).join(', ')}`,
    )
    .join('; ')}`;
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} style={{ display: 'block' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={pad.l}
              x2={W - pad.r}
              y1={y(t)}
              y2={y(t)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={t === 0 ? undefined : '3 3'}
            />
            <text
              x={pad.l - 6}
              y={y(t) + 4}
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
            >
              {Number.isInteger(t) ? t : t.toFixed(1)}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x0 = pad.l + i * slot + (slot - barW * series.length) / 2;
          return (
            <g key={m}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                return (
                  <rect
                    key={s.label}
                    x={x0 + k * barW}
                    y={y(v)}
                    width={barW - 1}
                    height={Math.max(0, y(0) - y(v))}
                    fill={theme.colors[s.color]?.[6] ?? s.color}
                    rx={2}
                  >
                    <title>{`${monthLabel(m)}: ${v} ${s.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {i % every === 0 ? (
                <text
                  x={pad.l + i * slot + slot / 2}
                  y={H - 8}
                  textAnchor="middle"
                  fontSize={11}
                  fill="var(--mantine-color-dimmed)"
                >
                  {monthLabel(m)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {series.length > 1 ? (
        <Group gap="md" mt={4} aria-hidden>
          {series.map((s) => (
            <Group gap={6} key={s.label}>
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  display: 'inline-block',
                  background: `var(--mantine-color-${s.color}-6)`,
                }}
              />
              <Text size="xs">{s.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
