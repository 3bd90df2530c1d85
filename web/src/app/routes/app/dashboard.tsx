import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../../features/account/api/get-me';
import { AccountSummary } from '../../../features/account/components/account-summary';
import { useAuth } from '../../../lib/auth/auth-context';
import { effectivePlan } from '../../../../../shared/subscription';
import { DashboardJobsite } from './dashboard-jobsite';

export function DashboardPage() {
  const { user } = useAuth();
  const me = useMe();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed">Signed in as {user?.email}</Text>
      </div>
      {me.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your account">
          <Skeleton h={80} />
          <Skeleton h={140} />
        </Stack>
      ) : me.isError ? (
        <Alert color="red" title="Could not load your account" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{me.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <AccountSummary me={me.data} />
          {/* Premium and Enterprise have the /jobsites pages; the others manage their one jobsite here. */}
          {['premium', 'enterprise'].includes(effectivePlan(me.data.subscription)) ? null : (
            <DashboardJobsite />
          )}
        </>
      )}
    </Stack>
  );
}
