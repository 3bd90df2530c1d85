import { Group } from '@mantine/core';
import type { Worker } from '../../../../../shared/records/worker';
import { SmsStatusBadge } from './sms-status-badge';
import { WorkerStatusBadge } from './worker-status-badge';

/** A worker's email and SMS channels side by side, as the worker page shows them (hover says why). */
export function WorkerChannelBadges({ worker }: { worker: Pick<Worker, 'status' | 'sms'> }) {
  return (
    <Group gap={6} component="span" wrap="wrap">
      <WorkerStatusBadge status={worker.status} />
      <SmsStatusBadge status={worker.sms?.status ?? 'off'} />
    </Group>
  );
}
