import { Badge } from '@mantine/core';
import type { WorkerStatus } from '../../../../../shared/records/worker';
import { WHOLE } from '../../../components/badge-style';

const STATUS: Record<WorkerStatus, { label: string; color: string; hint: string }> = {
  active: { label: 'Active', color: 'green', hint: 'Receives notices' },
  unsubscribed: {
    label: 'Unsubscribed',
    color: 'yellow',
    hint: 'Used the unsubscribe link: no notices are sent',
  },
  bounced: { label: 'Bounced', color: 'red', hint: 'Email bounced or was reported: no notices are sent' },
};

/** Notification status, set by the email system (read-only in the app). */
export function WorkerStatusBadge({ status }: { status: WorkerStatus }) {
  const s = STATUS[status] ?? STATUS.active;
  return (
    <Badge color={s.color} variant="light" title={s.hint} style={WHOLE}>
      {s.label}
    </Badge>
  );
}

export function workerStatusHint(status: WorkerStatus): string {
  return (STATUS[status] ?? STATUS.active).hint;
}
