import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';

export interface Bar {
  /** Short label under the bar ("Mar"). */
  label: string;
  /** Full label for the description ("March 2026"). */
  longLabel: string;
  value: number;
}

const H = 260;
const PAD = { top: 16, right: 8, bottom: 32, left: 56 };

const TICKS = 4;

/** An axis maximum of four round steps (1, 2 or 5 times a power of ten each), at least `max`. */
function niceMax(max: number): number {
  if (max <= 0) return TICKS;
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const step of [1, 2, 5, 10]) if (step * power >= rough) return step * power * TICKS;
  return 10 * power * TICKS;
}

/**
 * A vertical bar chart in SVG (no chart library is installed). It is an image with a title and a
 * description that reads every bar, so a screen reader gets the figures; pages show a table too.
 */
export function BarChart({
  bars,
  title,
  format,
  formatAxis = format,
}: {
  bars: Bar[];
  title: string;
  format: (v: number) => string;
  formatAxis?: (v: number) => string;
}) {
  const id = useId();
  // Drawn at the container's own width, so text stays at its real size on a phone and on a desktop.
  const { ref, width } = useElementSize();
  const W = Math.max(Math.round(width) || 720, 280);
  const max = niceMax(Math.max(...bars.map((b) => b.value), 0));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(bars.length, 1);
  const barW = Math.min(40, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  // Month names need about 30 px each: on a narrow chart every other one is written.
  const labelEvery = slot < 30 ? 2 : 1;
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => (i / TICKS) * max);
  return (
    <Box ref={ref} style={{ width: '100%' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxWidth: '100%' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{bars.map((b) => `${b.longLabel}: ${format(b.value)}`).join('; ')}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={t === 0 ? undefined : '3 4'}
            />
            <text
              x={PAD.left - 8}
              y={y(t) + 4}
              textAnchor="end"
              fontSize={12}
              fill="var(--mantine-color-dimmed)"
            >
              {formatAxis(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = PAD.left + slot * i + (slot - barW) / 2;
          const top = y(b.value);
          return (
            <g key={b.longLabel}>
              <rect
                x={x}
                y={top}
                width={barW}
                height={Math.max(PAD.top + plotH - top, 0)}
                rx={3}
                fill={
                  i === bars.length - 1
                    ? 'var(--mantine-color-blue-filled)'
                    : 'var(--mantine-color-blue-light-color)'
                }
              >
                <title>{`${b.longLabel}: ${format(b.value)}`}</title>
              </rect>
              {(bars.length - 1 - i) % labelEvery === 0 ? (
                <text
                  x={x + barW / 2}
                  y={H - PAD.bottom + 18}
                  textAnchor="middle"
                  fontSize={12}
                  fill="var(--mantine-color-dimmed)"
                >
                  {b.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
