import { Box, Group, Text, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { ChartGridLine } from './chart-grid-line';

/** One place on the x axis (a month, say). */
export interface BarSlot {
  /** Short label under the bars ("Mar"). */
  label: string;
  /** Full label for the accessible name and the tooltips ("March 2026"). */
  longLabel: string;
}

export interface BarSeries {
  label: string;
  /** A Mantine colour name. */
  color: string;
  /** One value per slot. */
  values: number[];
  /** A value in words for the accessible name and the tooltips ("$1,200.00", "3 delay days"). */
  format: (v: number) => string;
}

/** Geometry of the two sizes: `md` for a chart on its own, `sm` for charts side by side in a grid. */
const SIZES = {
  md: {
    height: 260,
    pad: { top: 16, right: 8, bottom: 32, left: 56 },
    fallbackWidth: 720,
    minWidth: 280,
    fontSize: 12,
    tickGap: 8,
    dash: '3 4',
    rx: 3,
    minBar: 0,
    maxBar: 40,
    fill: 0.6,
    gap: 0,
    labelY: 14,
    /** A slot narrower than this gets a label every other slot. */
    labelSlot: 30,
    /** Count every other label from the last slot, so the newest one is always written. */
    labelFromEnd: true,
  },
  sm: {
    height: 200,
    pad: { top: 16, right: 8, bottom: 26, left: 36 },
    fallbackWidth: 640,
    minWidth: 300,
    fontSize: 11,
    tickGap: 6,
    dash: '3 3',
    rx: 2,
    minBar: 4,
    maxBar: 28,
    fill: 0.7,
    gap: 1,
    labelY: 8,
    labelSlot: 38,
    labelFromEnd: false,
  },
} as const;

/** Axis ticks of four round steps (1, 2 or 5 times a power of ten each), up to at least `max`. */
export function roundTicks(max: number): number[] {
  const steps = 4;
  let top = steps;
  if (max > 0) {
    const rough = max / steps;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].find((s) => s * power >= rough) ?? 10;
    top = step * power * steps;
  }
  return Array.from({ length: steps + 1 }, (_, i) => (i / steps) * top);
}

/** Axis ticks 0, half and top for counts: at least 0–2, so an empty or small chart has whole numbers. */
export function countTicks(max: number): number[] {
  const m = Math.max(2, max);
  const top = m <= 4 ? 2 * Math.ceil(m / 2) : Math.ceil(m / 10) * 10;
  return [0, top / 2, top];
}

const plainAxis = (t: number) => (Number.isInteger(t) ? String(t) : t.toFixed(1));

/**
 * Vertical bars in SVG (no chart library is installed), one or more series per slot, drawn at the
 * width the chart gets so text keeps its real size on a phone and on a desktop. It is an image whose
 * accessible name reads every figure; pages show the figures in a table too.
 */
export function BarChart({
  title,
  slots,
  series,
  size = 'md',
  ticks: makeTicks = roundTicks,
  formatAxis = plainAxis,
  heading = false,
  highlightLast = false,
}: {
  title: string;
  slots: BarSlot[];
  series: BarSeries[];
  size?: keyof typeof SIZES;
  /** The axis ticks for the largest value; the last one is the top of the axis. */
  ticks?: (max: number) => number[];
  formatAxis?: (v: number) => string;
  /** Write the title above the chart. */
  heading?: boolean;
  /** Draw the last slot's bars (the current month) in the filled colour, the others lighter. */
  highlightLast?: boolean;
}) {
  const theme = useMantineTheme();
  const g = SIZES[size];
  const { ref, width } = useElementSize();
  const W = Math.max(Math.round(width) || g.fallbackWidth, g.minWidth);
  const H = g.height;
  const { pad } = g;
  const ticks = makeTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1] || 1;
  const plotH = H - pad.top - pad.bottom;
  const slot = (W - pad.left - pad.right) / Math.max(1, slots.length);
  const n = Math.max(1, series.length);
  const barW = Math.max(g.minBar, Math.min(g.maxBar, (slot * g.fill) / n));
  const y = (v: number) => pad.top + (1 - v / top) * plotH;
  const every = slot < g.labelSlot ? 2 : 1;
  const figure = (s: BarSeries, i: number) => s.format(s.values[i] ?? 0);
  const label = `${title}: ${slots
    .map((sl, i) => `${sl.longLabel}: ${series.map((s) => figure(s, i)).join(', ')}`)
    .join('; ')}`;
  const fill = (s: BarSeries, i: number) => {
    if (!highlightLast) return theme.colors[s.color]?.[6] ?? s.color;
    return i === slots.length - 1
      ? `var(--mantine-color-${s.color}-filled)`
      : `var(--mantine-color-${s.color}-light-color)`;
  };
  return (
    <Box ref={ref} style={{ width: '100%' }}>
      {heading ? (
        <Text fw={600} size="sm" mb={4}>
          {title}
        </Text>
      ) : null}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-label={label}
        style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
      >
        <title>{title}</title>
        {ticks.map((t) => (
          <ChartGridLine
            key={t}
            left={pad.left}
            right={W - pad.right}
            y={y(t)}
            gap={g.tickGap}
            fontSize={g.fontSize}
            dash={t === 0 ? undefined : g.dash}
          >
            {formatAxis(t)}
          </ChartGridLine>
        ))}
        {slots.map((sl, i) => {
          const x0 = pad.left + i * slot + (slot - barW * n) / 2;
          const counted = g.labelFromEnd ? slots.length - 1 - i : i;
          return (
            <g key={sl.longLabel}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                return (
                  <rect
                    key={s.label}
                    x={x0 + k * barW}
                    y={y(v)}
                    width={barW - g.gap}
                    height={Math.max(0, y(0) - y(v))}
                    rx={g.rx}
                    fill={fill(s, i)}
                  >
                    <title>{`${sl.longLabel}: ${figure(s, i)}`}</title>
                  </rect>
                );
              })}
              {counted % every === 0 ? (
                <text
                  x={pad.left + i * slot + slot / 2}
                  y={H - g.labelY}
                  textAnchor="middle"
                  fontSize={g.fontSize}
                  fill="var(--mantine-color-dimmed)"
                >
                  {sl.label}
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
    </Box>
  );
}
