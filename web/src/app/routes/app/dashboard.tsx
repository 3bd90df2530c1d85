import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../../features/account/api/get-me';
import { AccountSummary } from '../../../features/account/components/account-summary';
import { SetupChecklist } from '../../../features/account/components/setup-checklist';
import { CancelsOnNotice } from '../../../features/billing/components/cancels-on-notice';
import { useAuth } from '../../../lib/auth/auth-context';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { effectivePlan } from '../../../../../shared/subscription';
import { DashboardJobsite } from './dashboard-jobsite';
import { VerdictOverview } from '../../../features/weather/components/verdict-overview';
import { SendHistory } from '../../../features/email/components/send-history';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
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
      {/* "Cancels on <date>" with a link to resume, only while the subscription is set to cancel. */}
      <CancelsOnNotice />
      {me.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your account">
          <Skeleton h={80} />
          <Skeleton h={140} />
        </Stack>
      ) : me.isError ? (
        <Alert color="red" title="Could not load your account" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {friendlyErrorMessage(me.error, 'Your account could not be loaded just now.')}
            </Text>
            <Button variant="default" size="xs" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <SetupChecklist profile={me.data.profile} />
          <VerdictOverview />
          <AccountSummary me={me.data} />
          {/* Premium and Enterprise have the /jobsites pages; the others manage their one jobsite here. */}
          {['premium', 'enterprise'].includes(effectivePlan(me.data.subscription)) ? null : (
            <DashboardJobsite />
          )}
          <Stack gap="xs" component="section" aria-labelledby="recent-alerts-title">
            <Title order={2} size="h4" id="recent-alerts-title">
              Recent notices
            </Title>
            <SendHistory limit={5} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
