import type { ReactNode } from 'react';

/**
 * One horizontal grid line of an SVG chart, from `left` to `right` at `y`, with its value written
 * right-aligned `gap` units left of the line (the charts' shared look: border-coloured line, dimmed label).
 */
export function ChartGridLine({
  left,
  right,
  y,
  gap,
  fontSize,
  dash,
  children,
}: {
  left: number;
  right: number;
  y: number;
  gap: number;
  fontSize: number | string;
  dash?: string;
  children: ReactNode;
}) {
  return (
    <g>
      <line
        x1={left}
        x2={right}
        y1={y}
        y2={y}
        stroke="var(--mantine-color-default-border)"
        strokeDasharray={dash}
      />
      <text x={left - gap} y={y + 4} textAnchor="end" fontSize={fontSize} fill="var(--mantine-color-dimmed)">
        {children}
      </text>
    </g>
  );
}
