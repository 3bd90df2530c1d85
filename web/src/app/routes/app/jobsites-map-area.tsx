import { Box, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { JobsitesMap } from '../../../components/map/lazy-maps';
import { PIN_COLORS, type PinStatus } from '../../../components/map/map-pins';
import { jobsitePins, type TodayAtJobsite } from './jobsite-pins';

const LEGEND: { status: PinStatus; label: string }[] = [
  { status: 'none', label: 'Workable' },
  { status: 'partial', label: 'Partial delay' },
  { status: 'full', label: 'Full-day delay' },
  { status: 'off', label: 'Day off, paused or no forecast' },
];

/**
 * The jobsites page's map: a pin per jobsite coloured by today's verdict. The list under it has the
 * same facts (its "Today" column) for keyboard and screen-reader users, so the map is one view of them.
 */
export function JobsitesMapArea({
  jobsites,
  today,
}: {
  jobsites: Jobsite[];
  today: Map<string, TodayAtJobsite>;
}) {
  const navigate = useNavigate();
  const pins = useMemo(() => jobsitePins(jobsites, today), [jobsites, today]);
  return (
    <Box component="figure" m={0} aria-label="Map of the jobsites">
      <JobsitesMap pins={pins} onOpen={(href) => void navigate(href)} />
      <Group component="figcaption" justify="space-between" gap="xs" mt={6}>
        <Group gap="sm" aria-hidden>
          {LEGEND.map((l) => (
            <Text key={l.status} size="xs" c="dimmed">
              <span style={{ color: PIN_COLORS[l.status] }}>●</span> {l.label}
            </Text>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Today's verdict at each site; the list below says the same.
        </Text>
      </Group>
    </Box>
  );
}
