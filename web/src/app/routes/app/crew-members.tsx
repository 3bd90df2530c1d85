import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Crew } from '../../../../../shared/records/crew';
import { errorMessage } from '../../../components/error-screen';
import { LoadingBlock, QueryError } from '../../../components/records/query-state';
import { RecordSection } from '../../../components/records/record-section';
import { workerRecords } from '../../../features/workers/api/workers-api';
import { WorkerStatusBadge } from '../../../features/workers/components/worker-status-badge';
import { toast } from '../../../lib/toast';
import { recordNameLink } from '../../../components/records/fact';

/**
 * A crew's members, added and removed here. Membership lives on the worker (`crewIds`), so each change
 * saves that worker.
 */
export function CrewMembers({ crew: c }: { crew: Crew }) {
  const workers = workerRecords.useAll();
  const updateWorker = workerRecords.useUpdate();
  const [adding, setAdding] = useState<string | null>(null);

  const all = workers.data ?? [];
  const inCrew = all.filter((w) => w.crewIds.includes(c.id));
  const others = all.filter((w) => !w.crewIds.includes(c.id));

  const setMembership = (workerId: string, member: boolean) => {
    const w = all.find((x) => x.id === workerId);
    if (!w) return;
    const crewIds = member ? [...w.crewIds, c.id] : w.crewIds.filter((x) => x !== c.id);
    const { name, email, phone, trade, isManager } = w;
    updateWorker.mutate(
      { id: w.id, input: { name, email, phone, trade, isManager, crewIds } },
      {
        onSuccess: () => {
          toast.success(member ? `${w.name} joined ${c.name}.` : `${w.name} left ${c.name}.`);
          setAdding(null);
        },
        onError: (error) => toast.error(errorMessage(error), 'Not changed'),
      },
    );
  };

  return (
    <RecordSection title={`Members (${inCrew.length})`}>
      {workers.isPending ? (
        <LoadingBlock label="Loading the members" rows={3} />
      ) : workers.isError ? (
        <QueryError
          title="Could not load the workers"
          error={workers.error}
          onRetry={() => void workers.refetch()}
        />
      ) : (
        <Stack gap="md">
          {inCrew.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody is in this crew yet.
            </Text>
          ) : (
            <Table verticalSpacing="xs" aria-label="Members">
              <Table.Tbody>
                {inCrew.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>
                      {recordNameLink(w, '/workers')}
                      <Text size="xs" c="dimmed">
                        {w.trade ?? w.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <WorkerStatusBadge status={w.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setMembership(w.id, false)}
                        aria-label={`Remove ${w.name} from ${c.name}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {others.length > 0 ? (
            <Group align="flex-end" gap="sm">
              <Select
                label="Add a worker to this crew"
                placeholder="Choose a worker"
                data={others.map((w) => ({ value: w.id, label: w.name }))}
                value={adding}
                onChange={setAdding}
                searchable
                style={{ flex: '1 1 14rem' }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                variant="default"
                disabled={!adding}
                loading={updateWorker.isPending}
                onClick={() => adding && setMembership(adding, true)}
              >
                Add
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </RecordSection>
  );
}
