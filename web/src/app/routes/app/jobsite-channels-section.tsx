import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { workersOfJobsite } from '../../../../../shared/records/jobsite-people';
import type { Worker } from '../../../../../shared/records/worker';
import { RecordSection } from '../../../components/records/record-section';
import { workerRecords } from '../../../features/workers/api/workers-api';
import { WorkerChannelBadges } from '../../../features/workers/components/worker-channel-badges';
import { DataTable } from '../../../components/data-table';
import { WHOLE } from '../../../components/badge-style';

type SitePeople = Pick<Jobsite, 'recipients' | 'foremanWorkerId'>;

/** Each person the jobsite's notices are for, with their email and SMS channels at a glance. */
export function JobsiteChannels({ jobsite, workers }: { jobsite: SitePeople; workers: readonly Worker[] }) {
  const people = workersOfJobsite(jobsite, workers).sort((a, b) => a.name.localeCompare(b.name));
  if (people.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody is notified yet: add workers or crews to this jobsite.
      </Text>
    );
  return (
    // No sideways box: the badges wrap under each other, so two columns fit a phone's card.
    <DataTable
      verticalSpacing={6}
      aria-label="Channels of the people notified"
      headers={['Person', 'Email and SMS']}
    >
      {people.map((w) => (
        <Table.Tr key={w.id} data-testid={`channels-${w.id}`}>
          <Table.Td>
            <Group gap={6} wrap="wrap">
              <Anchor component={Link} to={`/workers/${w.id}`} size="sm">
                {w.name}
              </Anchor>
              {w.id === jobsite.foremanWorkerId ? (
                <Badge size="xs" variant="outline" color="gray" style={WHOLE}>
                  Foreman
                </Badge>
              ) : w.isManager ? (
                <Badge size="xs" variant="outline" color="gray" style={WHOLE}>
                  Manager
                </Badge>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td>
            <WorkerChannelBadges worker={w} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The jobsite page's "Channels" card (composes the workers feature with the jobsite). */
export function JobsiteChannelsSection({ jobsite }: { jobsite: SitePeople }) {
  const workers = workerRecords.useAll();
  return (
    <RecordSection title="Channels">
      {workers.data ? (
        <JobsiteChannels jobsite={jobsite} workers={workers.data} />
      ) : workers.isError ? (
        <Text size="sm" c="red">
          The workers could not be loaded; reload to see their channels.
        </Text>
      ) : (
        <Stack gap={6} aria-label="Loading the channels">
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      )}
    </RecordSection>
  );
}
