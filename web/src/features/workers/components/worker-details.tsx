import { Anchor, Group, SimpleGrid } from '@mantine/core';
import { formatPhone } from '../../../../../shared/phone';
import type { Worker } from '../../../../../shared/records/worker';
import { Fact, recordLinks } from '../../../components/records/fact';
import { RecordSection } from '../../../components/records/record-section';
import { WorkerStatusBadge, workerStatusHint } from './worker-status-badge';
import { SmsStatusBadge, smsStatusHint } from './sms-status-badge';

/** A worker's details as stored, with links to their crews. */
export function WorkerDetails({ worker, crews }: { worker: Worker; crews: { id: string; name: string }[] }) {
  return (
    <RecordSection title="Details">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg">
        <Fact
          label="Email"
          span={2}
          value={<Anchor href={`mailto:${worker.email}`}>{worker.email}</Anchor>}
        />
        <Fact
          label="Phone"
          value={
            worker.phone ? <Anchor href={`tel:${worker.phone}`}>{formatPhone(worker.phone)}</Anchor> : null
          }
        />
        <Fact label="Trade or role" value={worker.trade} />
        <Fact label="Manager" value={worker.isManager ? 'Yes' : 'No'} />
        <Fact label="Crews" value={recordLinks(crews, '/crews', 'badge')} />
        <Fact
          label="Notifications"
          span={2}
          value={
            <Group gap="xs" component="span">
              <WorkerStatusBadge status={worker.status} />
              <span>{workerStatusHint(worker.status)}</span>
            </Group>
          }
        />
        <Fact
          label="Texts"
          span={2}
          value={
            <Group gap="xs" component="span">
              <SmsStatusBadge status={worker.sms?.status ?? 'off'} />
              <span>{smsStatusHint(worker.sms?.status ?? 'off')}</span>
            </Group>
          }
        />
      </SimpleGrid>
    </RecordSection>
  );
}
