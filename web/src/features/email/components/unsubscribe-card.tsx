import { Alert, Button, List, Skeleton, Stack, Text } from '@mantine/core';
import { PublicCard } from '../../../components/public-card';
import { useConfirmUnsubscribe, useUnsubscribeView } from '../api/unsubscribe';

const MISSING_TOKEN =
  'This page needs the link from a Raincheck email. Open the unsubscribe link in the email again.';

/**
 * The public unsubscribe page's content: who is unsubscribing and from what, one button, and a clear
 * answer. Works without signing in; the signed link is the only authority.
 */
export function UnsubscribeCard({ token }: { token: string | null }) {
  const view = useUnsubscribeView(token);
  const confirm = useConfirmUnsubscribe();
  const done = confirm.data ?? (view.data && view.data.status !== 'active' ? view.data : null);

  return (
    <PublicCard title="Stop weather notices" padding="xl">
      {!token ? (
        <Alert color="red" role="alert">
          {MISSING_TOKEN}
        </Alert>
      ) : view.isPending ? (
        <Skeleton h={96} aria-label="Checking your link" />
      ) : view.isError ? (
        <Alert color="red" role="alert">
          {view.error.message}
        </Alert>
      ) : done ? (
        <Alert color="green" role="status" title="You're unsubscribed">
          {done.status === 'bounced'
            ? `Emails to ${done.email} could not be delivered, so we had already stopped sending them.`
            : `${done.email} will get no more weather notices${done.sender ? ` from ${done.sender}` : ''}. If this was a mistake, ask your manager to add you again.`}
        </Alert>
      ) : (
        <>
          <Text>
            Unsubscribe <strong>{view.data.email}</strong> from the weather delay notices
            {view.data.sender ? (
              <>
                {' '}
                sent for <strong>{view.data.sender}</strong>
              </>
            ) : null}
            ?
          </Text>
          {view.data.jobsiteNames.length ? (
            <Stack gap={4}>
              <Text size="sm">You get notices for:</Text>
              <List size="sm">
                {view.data.jobsiteNames.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <Text size="sm" c="dimmed">
            You will no longer hear when weather delays or cancels work, so check with your manager before
            driving out.
          </Text>
          {confirm.isError ? (
            <Alert color="red" role="alert">
              {confirm.error.message}
            </Alert>
          ) : null}
          <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
            Unsubscribe
          </Button>
        </>
      )}
    </PublicCard>
  );
}
