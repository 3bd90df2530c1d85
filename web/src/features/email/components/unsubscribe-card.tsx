import { Alert, Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
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
    <Card withBorder padding="xl" maw={520} mx="auto" component="main" aria-labelledby="unsubscribe-title">
      <Stack gap="md">
        <Title order={1} size="h3" id="unsubscribe-title">
          Stop weather notices
        </Title>
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
      </Stack>
    </Card>
  );
}
