import { Anchor, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Client } from '../../../../../shared/records/client';
import { Fact } from '../../../components/records/fact';

/** A client's details as stored. */
export function ClientDetails({ client }: { client: Client }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="client-details-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="client-details-title">
          Details
        </Title>
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
    </Card>
  );
}
