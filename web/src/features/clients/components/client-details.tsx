import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import type { Client } from '../../../../../shared/records/client';
import { Fact } from '../../../components/records/fact';
import { RecordSection } from '../../../components/records/record-section';

/** A client's details as stored. */
export function ClientDetails({ client }: { client: Client }) {
  return (
    <RecordSection title="Details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg">
          <Fact label="Contact" value={client.contactName} />
          <Fact
            label="Email"
            span={2}
            value={client.email ? <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor> : null}
          />
          <Fact
            label="Phone"
            value={client.phone ? <Anchor href={`tel:${client.phone}`}>{client.phone}</Anchor> : null}
          />
          <Fact label="Address" value={client.address} />
          <Fact
            label='"No work today" notices'
            value={client.notifyNoWork ? 'Sent to this client' : 'Not sent'}
          />
        </SimpleGrid>
        {client.notes ? <Fact label="Notes" value={client.notes} /> : null}
      </Stack>
    </RecordSection>
  );
}
