import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { WHOLE } from '../../../components/badge-style';

/** A short list of jobsites (a client's, a worker's): name, where, and whether it is checked. */
export function JobsiteLinks({
  jobsites,
  hrefOf,
  emptyText,
}: {
  jobsites: Jobsite[];
  /** Where a jobsite's name leads (its page on Premium, the dashboard otherwise). */
  hrefOf: (jobsite: Jobsite) => string;
  emptyText: string;
}) {
  if (jobsites.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {jobsites.map((site) => (
        <li key={site.id}>
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Anchor component={Link} to={hrefOf(site)} fw={600} style={{ overflowWrap: 'break-word' }}>
              {site.name}
            </Anchor>
            <Badge size="xs" variant="light" color={site.active ? 'green' : 'gray'} style={WHOLE}>
              {site.active ? 'Active' : 'Paused'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {site.address ?? `${site.latitude.toFixed(4)}, ${site.longitude.toFixed(4)}`} · {site.timezone}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
