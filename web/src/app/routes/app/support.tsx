import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  useReplyToSupport,
  useSupportRequests,
  useSupportThread,
} from '../../../features/support/api/support-api';
import { SupportRequestForm } from '../../../features/support/components/support-request-form';
import {
  SupportStatusBadge,
  SupportThreadView,
  formatWhen,
} from '../../../features/support/components/support-thread-view';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ReadBlock } from '../../../components/records/query-state';

/** `/support`: the account's support requests, and a new one. */
export function SupportPage() {
  useDocumentTitle('Support');
  const requests = useSupportRequests();
  const [writing, setWriting] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Support
        </Title>
        {!writing ? <Button onClick={() => setWriting(true)}>New request</Button> : null}
      </Group>
      {writing ? (
        <Card withBorder padding="lg">
          <SupportRequestForm
            page={(location.state as { from?: string } | null)?.from ?? location.pathname}
            onCancel={() => setWriting(false)}
            onSent={(id) => {
              toast.success('Support request sent. We emailed you a copy.');
              navigate(`/support/${id}`);
            }}
          />
        </Card>
      ) : null}
      <ReadBlock
        query={requests}
        label="Loading your support requests"
        height={120}
        failed="Your support requests could not be loaded."
        empty={{
          when: (data) => data.requests.length === 0,
          say: 'No support requests yet. Use Help at the top of any page, or New request.',
          size: 'md',
        }}
      >
        {(data) => (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Your support requests"
          >
            {data.requests.map((r) => (
              <Card key={r.id} withBorder component="li" padding="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor component={Link} to={`/support/${r.id}`} fw={600}>
                    {r.subject}
                  </Anchor>
                  <SupportStatusBadge status={r.status} />
                </Group>
                <Text size="sm" c="dimmed">
                  Last activity {formatWhen(r.updatedAt)}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </ReadBlock>
    </Stack>
  );
}

/** `/support/:requestId`: one thread, with the customer's reply box. */
export function SupportThreadPage() {
  const id = useParams().requestId ?? '';
  const thread = useSupportThread(id);
  const reply = useReplyToSupport(id);
  useDocumentTitle(thread.data?.subject ?? 'Support request');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/support" size="sm">
        ← All support requests
      </Anchor>
      <ReadBlock
        query={thread}
        label="Loading the support request"
        height={200}
        failed="This support request could not be loaded."
      >
        {(data) => (
          <SupportThreadView
            thread={data}
            viewer="customer"
            onReply={reply.mutateAsync}
            replying={reply.isPending}
          />
        )}
      </ReadBlock>
    </Stack>
  );
}
