import { Box, Group, Text } from '@mantine/core';
import type { Jobsite } from '../../../../../shared/records/jobsite';

const W = 800;
const H = 360;
const PAD = 48;

/**
 * Where the jobsites are, relative to each other: a plain plot of their coordinates (no map tiles,
 * which need the internet). Longitude is scaled by the cosine of the middle latitude so distances
 * look right; a single site sits in the middle.
 */
export function JobsitesPlot({ jobsites }: { jobsites: Jobsite[] }) {
  if (jobsites.length === 0) return null;
  const lats = jobsites.map((s) => s.latitude);
  const lons = jobsites.map((s) => s.longitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.max(Math.cos((midLat * Math.PI) / 180), 0.2);
  const xs = lons.map((l) => l * k);
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), 0.5);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), 0.5);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...lats) + Math.min(...lats)) / 2;
  const at = (s: Jobsite) => ({
    x: W / 2 + (s.longitude * k - cx) * scale,
    y: H / 2 - (s.latitude - cy) * scale,
  });
  const active = jobsites.filter((s) => s.active).length;

  return (
    <Box component="figure" m={0}>
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-default-hover)',
          overflow: 'hidden',
        }}
      >
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-label={`Plot of ${jobsites.length} jobsite location${jobsites.length === 1 ? '' : 's'} by latitude and longitude`}
          style={{ display: 'block', maxHeight: 360 }}
        >
          {[1, 2, 3].map((i) => (
            <line
              key={`h${i}`}
              x1={0}
              x2={W}
              y1={(H / 4) * i}
              y2={(H / 4) * i}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray="4 6"
            />
          ))}
          {[1, 2, 3, 4, 5].map((i) => (
            <line
              key={`v${i}`}
              y1={0}
              y2={H}
              x1={(W / 6) * i}
              x2={(W / 6) * i}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray="4 6"
            />
          ))}
          {jobsites.map((s) => {
            const p = at(s);
            const right = p.x < W - 200;
            const label = s.name.length > 28 ? `${s.name.slice(0, 27)}…` : s.name;
            return (
              <g key={s.id}>
                <title>{`${s.name}: ${s.latitude.toFixed(4)}, ${s.longitude.toFixed(4)} (${s.timezone})`}</title>
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={8}
                  fill={s.active ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)'}
                  stroke="var(--mantine-color-body)"
                  strokeWidth={3}
                />
                <text
                  x={right ? p.x + 14 : p.x - 14}
                  y={p.y + 5}
                  textAnchor={right ? 'start' : 'end'}
                  fontSize={15}
                  fontWeight={600}
                  fill="var(--mantine-color-text)"
                  stroke="var(--mantine-color-body)"
                  strokeWidth={4}
                  paintOrder="stroke"
                >
                  {label}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Group component="figcaption" justify="space-between" gap="xs" mt={6}>
        <Text size="xs" c="dimmed">
          Positions by coordinates (north up); map tiles are not loaded.
        </Text>
        <Text size="xs" c="dimmed">
          <span style={{ color: 'var(--mantine-color-green-7)' }}>●</span> {active} active ·{' '}
          <span style={{ color: 'var(--mantine-color-gray-6)' }}>●</span> {jobsites.length - active} paused
        </Text>
      </Group>
    </Box>
  );
}
