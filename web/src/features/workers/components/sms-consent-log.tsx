import { List, Text } from '@mantine/core';
import type { SmsConsentEvent } from '../../../../../shared/sms-messages';
import { RecordSection } from '../../../components/records/record-section';
import { useSmsConsent } from '../api/get-sms-consent';

const EVENT: Record<SmsConsentEvent['event'], string> = {
  asked: 'Asked to reply YES',
  yes: 'Replied YES',
  stop: 'Replied STOP',
  start: 'Replied START',
  'opted-out': 'Carrier opt-out list refused a text',
};
const SOURCE: Record<SmsConsentEvent['source'], string> = {
  'sms-reply': 'by text',
  contractor: 'SMS turned on in Raincheck',
  carrier: 'by the carrier',
};

/** The worker's SMS channel and its consent log: the record a carrier audit asks for. */
export function SmsConsentLog({ workerId }: { workerId: string }) {
  const consent = useSmsConsent(workerId);
  const data = consent.data;
  return (
    <RecordSection title="SMS consent log">
      {data ? (
        <>
          {data.log.length ? (
            <List size="sm" spacing={4} aria-label="Consent log">
              {data.log.map((e) => (
                <List.Item key={`${e.at}-${e.event}`}>
                  <Text span size="sm" fw={500}>
                    {EVENT[e.event]}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {SOURCE[e.source]}, {new Date(e.at).toLocaleString()}
                    {e.detail ? ` ("${e.detail}")` : ''}
                  </Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              No consent recorded for this number yet.
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {consent.isError ? 'The consent log could not be loaded.' : 'Loading…'}
        </Text>
      )}
    </RecordSection>
  );
}
