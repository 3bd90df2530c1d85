import { Stack, Title } from '@mantine/core';
import { QueryBlock } from '../../../components/records/query-state';
import { RecordPage } from '../../../components/records/record-page';
import { useMe } from '../../../features/account/api/get-me';
import { AccountSummary } from '../../../features/account/components/account-summary';
import { SetupChecklist } from '../../../features/account/components/setup-checklist';
import { CancelsOnNotice } from '../../../features/billing/components/cancels-on-notice';
import { useAuth } from '../../../lib/auth/auth-context';
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
    <RecordPage title="Dashboard" description={`Signed in as ${user?.email ?? ''}`}>
      {/* "Cancels on <date>" with a link to resume, only while the subscription is set to cancel. */}
      <CancelsOnNotice />
      <QueryBlock
        query={me}
        loading={{ label: 'Loading your account', rows: 2, height: 110 }}
        errorTitle="Could not load your account"
        errorFallback="Your account could not be loaded just now."
      >
        {(account) => (
          <>
            <SetupChecklist profile={account.profile} />
            <VerdictOverview />
            <AccountSummary me={account} />
            {/* Premium and Enterprise have the /jobsites pages; the others manage their one jobsite here. */}
            {['premium', 'enterprise'].includes(effectivePlan(account.subscription)) ? null : (
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
      </QueryBlock>
    </RecordPage>
  );
}
