import { Button, Card, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useAdminReply,
  useAdminSupportThread,
  useOpenSupportSession,
  useSupportQueue,
  useUpdateSupportRequest,
} from '../../../features/support/api/support-api';
import { SupportQueueList } from '../../../features/support/components/support-queue-list';
import { SupportThreadView } from '../../../features/support/components/support-thread-view';
import { useAuth } from '../../../lib/auth/auth-context';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { queryClient } from '../../../lib/query-client';
import { startSupportSession } from '../../../lib/support-session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ReadBlock, readOrPlaceholder } from '../../../components/records/query-state';
import { PageHeader } from '../../../components/records/page-header';

/** The one status button of a request (closed: reopen; open or answered: close): its words, the status it sets, the toast. */
const STATUS_TOGGLE = {
  closed: { label: 'Reopen', next: 'open', done: 'Request reopened' },
  open: { label: 'Close', next: 'closed', done: 'Request closed' },
} as const;

/** `/admin/support` (permission `support_access`): the queue, a thread, reply, assign, close, support session. */
export function AdminSupportPage() {
  useDocumentTitle('Support queue');
  const [view, setView] = useState<'open' | 'closed'>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useSupportQueue(view === 'closed');
  const now = new Date();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Support queue"
        actions={
          <SegmentedControl
            value={view}
            onChange={(v) => {
              setView(v as 'open' | 'closed');
              setSelected(null);
            }}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            aria-label="Which requests"
          />
        }
      />
      <Text size="sm" c="dimmed">
        Priority-support plans first, then the oldest. First-answer targets: Enterprise 4 h, Premium 8 h,
        Basic 48 h, no plan 72 h.
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ReadBlock
            query={queue}
            label="Loading the support queue"
            height={240}
            failed="The support queue could not be loaded."
            empty={{ when: (data) => data.requests.length === 0, say: <>No {view} requests.</>, size: 'md' }}
          >
            {(data) => (
              <SupportQueueList items={data.requests} selected={selected} onSelect={setSelected} now={now} />
            )}
          </ReadBlock>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <AdminThread id={selected} />
          ) : (
            <Text c="dimmed">Choose a request to read and answer it.</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function AdminThread({ id }: { id: string }) {
  const { user } = useAuth();
  const thread = useAdminSupportThread(id);
  const reply = useAdminReply(id);
  const update = useUpdateSupportRequest(id);
  const session = useOpenSupportSession();
  const navigate = useNavigate();
  const read = readOrPlaceholder(thread, {
    label: 'Loading the request',
    height: 240,
    failed: 'This request could not be loaded.',
  });
  if (read.placeholder) return read.placeholder;
  const t = read.data;
  const toggle = t.status === 'closed' ? STATUS_TOGGLE.closed : STATUS_TOGGLE.open;
  const act = (work: Promise<unknown>, done: string) =>
    work.then(
      () => toast.success(done),
      (err: unknown) => toast.error(friendlyErrorMessage(err, 'That did not work. Try again.')),
    );
  const openSession = async () => {
    try {
      const opened = await session.mutateAsync(t.accountId);
      startSupportSession(opened);
      queryClient.clear();
      navigate('/dashboard');
    } catch (err) {
      toast.error(friendlyErrorMessage(err, 'The support session could not be opened.'));
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          {t.assignee !== user?.email ? (
            <Button
              variant="default"
              size="xs"
              loading={update.isPending}
              onClick={() =>
                void act(update.mutateAsync({ assignee: user?.email ?? null }), 'Assigned to you')
              }
            >
              Assign to me
            </Button>
          ) : null}
          <Button
            variant="default"
            size="xs"
            onClick={() => void act(update.mutateAsync({ status: toggle.next }), toggle.done)}
          >
            {toggle.label}
          </Button>
          <Button size="xs" variant="light" loading={session.isPending} onClick={() => void openSession()}>
            Open support session
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t.company ?? 'No company name'} · {t.email} · account {t.accountId}
          {t.assignee ? ` · assigned to ${t.assignee}` : ''}
        </Text>
        <SupportThreadView
          thread={t}
          viewer="support"
          onReply={(body) => reply.mutateAsync(body)}
          replying={reply.isPending}
        />
      </Stack>
    </Card>
  );
}
