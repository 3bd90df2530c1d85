import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useAcceptInvite } from '../../features/team/api/team-api';
import { savePendingJoin } from '../../lib/pending-join';
import { useAuth } from '../../lib/auth/auth-context';
import type { RedirectState } from '../../lib/auth/guards';
import { friendlyErrorMessage } from '../../lib/error-message';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';

function JoinCard({ token }: { token: string }) {
  const accept = useAcceptInvite(token);
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <Stack gap="md">
      <Text>
        You are signed in as <strong>{user?.email}</strong>. Join the team to work in its account: its
        jobsites, workers and notices.
      </Text>
      {accept.isError ? (
        <Alert color="red" role="alert" title="You could not join">
          {friendlyErrorMessage(accept.error, 'The invite could not be checked just now. Try again.')}
        </Alert>
      ) : null}
      <Group>
        <Button
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, { onSuccess: () => navigate('/dashboard', { replace: true }) })
          }
        >
          Join the team
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/join/{token}`: an emailed team invite. Signed out, the invitee signs in or signs up with the
 * invited address and comes back here; signed in, one click joins and opens the owner's dashboard.
 */
export function JoinPage() {
  useDocumentTitle('Join a team');
  const token = useParams().token ?? '';
  const { status } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signedOut') savePendingJoin(location.pathname);
  }, [status, location.pathname]);
  if (status === 'loading') return <PageLoader />;
  const back: RedirectState = { from: location.pathname };
  return (
    <QueryClientProvider client={queryClient}>
      <Stack gap="md">
        <Title order={1} size="h3">
          Join your team on Raincheck
        </Title>
        {status === 'signedIn' ? (
          <JoinCard token={token} />
        ) : (
          <>
            <Text>
              Sign in, or create an account, with the address the invite was sent to. You come back here
              after.
            </Text>
            <Group>
              <Button component={Link} to="/login" state={back}>
                Log in
              </Button>
              <Button component={Link} to="/register" variant="default">
                Create an account
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </QueryClientProvider>
  );
}
