import { Alert, Badge, Button, Group, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table';
import { TextField } from '../../../components/form-fields';

interface RunRecord {
  runId: string;
  startedAt: string;
  slotStart: string;
  trigger: 'schedule' | 'admin';
  due: number;
  judged: number;
  upstreamCalls: number;
  sent: { notice: number; update: number; allClear: number };
  failed: number;
  errors: string[];
  /** '' while batches are still being worked. */
  finishedAt?: string;
  batches?: number;
  batchesDone?: number;
}

const isRunning = (r: RunRecord) => r.finishedAt === '' && (r.batches ?? 0) > (r.batchesDone ?? 0);
const sentOf = (r: RunRecord) => r.sent.notice + r.sent.update + r.sent.allClear;

/** A running slot: batches done of all, messages sent so far, as a bar a glance can read. */
function RunProgress({ run }: { run: RunRecord }) {
  const total = run.batches ?? 0;
  const done = run.batchesDone ?? 0;
  const label = `Batch ${done} of ${total} done, ${sentOf(run)} sent`;
  return (
    <Stack gap={4} miw={140}>
      <Progress value={total ? (done / total) * 100 : 0} animated aria-label={label} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

const RUNS_KEY = ['admin', 'dispatch-runs'];

/**
 * The body of `POST /api/admin/dispatch/run`: a `datetime-local` value read as UTC (as the table
 * shows slots), or nothing for the current slot.
 */
function runRequestOf(slot: string): { at?: string } {
  return slot ? { at: new Date(`${slot}Z`).toISOString() } : {};
}

/** The recent dispatch runs, scheduled or not, and "Run now" for the current slot or a chosen one. */
export function DispatchRuns() {
  const queryClient = useQueryClient();
  // Empty: the current slot. A date and time (UTC): the run behaves as the slot holding it.
  const [slot, setSlot] = useState('');
  const runNow = useMutation({
    mutationFn: () => api<RunRecord>('/api/admin/dispatch/run', { method: 'POST', body: runRequestOf(slot) }),
    onSuccess: (run) => {
      toast.success(`Run finished: ${run.judged} judged, ${sentOf(run)} sent.`);
      void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'The run failed. Try again.'),
  });
  const runs = useQuery({
    queryKey: RUNS_KEY,
    queryFn: ({ signal }) => api<{ items: RunRecord[] }>('/api/admin/dispatch/runs?limit=15', { signal }),
    // While a slot runs (this admin's or the schedule's), its record is re-read every 2 s.
    refetchInterval: (query) =>
      runNow.isPending || query.state.data?.items.some(isRunning) ? 2_000 : 60_000,
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Dispatch runs
        </Title>
        <Group gap="xs" align="flex-end">
          <TextField
            type="datetime-local"
            size="sm"
            label="Slot to run (UTC)"
            description="Empty: the current slot"
            step={900}
            value={slot}
            onValueChange={setSlot}
          />
          <Button size="sm" onClick={() => runNow.mutate()} loading={runNow.isPending}>
            Run now
          </Button>
        </Group>
      </Group>
      {runs.isPending ? (
        <Skeleton h={160} />
      ) : runs.isError ? (
        <Alert color="red" title="Could not load the runs">
          <Button variant="default" size="xs" onClick={() => void runs.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : runs.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No run yet. The schedule runs every 15 minutes; "Run now" runs the current slot, or the slot of the
          date and time you choose.
        </Text>
      ) : (
        <DataTable
          minWidth={720}
          framed
          aria-label="Recent dispatch runs"
          headers={[
            'Slot (UTC)',
            'Trigger',
            'Due',
            'Judged',
            'Upstream calls',
            'Sent (notice / update / all-clear)',
            'Failed',
            'Progress',
          ]}
        >
          {runs.data.items.map((r) => (
            <Table.Tr key={r.runId}>
              <Table.Td>{r.slotStart.replace('T', ' ').slice(0, 16)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={r.trigger === 'admin' ? 'grape' : 'blue'}>
                  {r.trigger}
                </Badge>
              </Table.Td>
              <Table.Td>{r.due}</Table.Td>
              <Table.Td>{r.judged}</Table.Td>
              <Table.Td>{r.upstreamCalls}</Table.Td>
              <Table.Td>
                {r.sent.notice} / {r.sent.update} / {r.sent.allClear}
              </Table.Td>
              <Table.Td>
                <Text c={r.failed ? 'red' : undefined} size="sm" title={r.errors.join('\n') || undefined}>
                  {r.failed}
                </Text>
              </Table.Td>
              <Table.Td>
                {isRunning(r) ? (
                  <RunProgress run={r} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {r.batches ? `Done, ${r.batches} batch${r.batches === 1 ? '' : 'es'}` : 'Done'}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
