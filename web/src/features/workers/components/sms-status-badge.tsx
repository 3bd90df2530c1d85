import { Badge } from '@mantine/core';
import { SMS_STATUS_LABELS, type SmsStatus } from '../../../../../shared/sms-messages';
import { WHOLE } from '../../../components/badge-style';

const COLOR: Record<SmsStatus, string> = { off: 'gray', pending: 'yellow', on: 'green', stopped: 'red' };
const HINT: Record<SmsStatus, string> = {
  off: 'No texts: turn SMS on and give a mobile number',
  pending: 'Asked to reply YES: no texts until they do',
  on: 'Replied YES: gets delay notices by text',
  stopped: 'Replied STOP: no texts until they reply START',
};

/** The worker's SMS channel as their own consent stands (read only: only the worker's replies move it). */
export function SmsStatusBadge({ status }: { status: SmsStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" title={HINT[status]} style={WHOLE}>
      {SMS_STATUS_LABELS[status]}
    </Badge>
  );
}

export const smsStatusHint = (status: SmsStatus) => HINT[status];
