import { AppShell, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useAuth } from '../../lib/auth/auth-context';
import { isAdmin } from '../../lib/auth/types';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Brand } from '../layouts/brand';
import { ShellHeader } from '../layouts/shell-header';

/**
 * Any unknown path. It keeps the app's header (signed in: the same header as the app, with sign
 * out; signed out: the brand, the theme and "Log in") and offers the way back that fits: the
 * dashboard (or the admin dashboard) to a signed-in user, the homepage to anyone else.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn';
  const home = signedIn
    ? isAdmin(user) && pathname.startsWith('/admin')
      ? '/admin/dashboard'
      : '/dashboard'
    : '/';
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell header={{ height: 60 }} padding="lg">
        <AppShell.Header>
          {signedIn ? (
            <ShellHeader home={home} />
          ) : (
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Brand />
              <Group gap="sm" wrap="nowrap">
                <ColorSchemeToggle />
                {status === 'signedOut' ? (
                  <Button variant="default" component={Link} to="/login">
                    Log in
                  </Button>
                ) : null}
              </Group>
            </Group>
          )}
        </AppShell.Header>
        <AppShell.Main>
          <Center mih="60vh" p="md">
            <Stack align="center" gap="md" ta="center" maw={520}>
              <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
                404
              </Text>
              <Title order={1} size="h2">
                Page not found
              </Title>
              <Text c="dimmed">
                There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
              </Text>
              {signedIn ? (
                <Button component={Link} to={home}>
                  Go to your dashboard
                </Button>
              ) : (
                <Button component={Link} to="/">
                  Go to homepage
                </Button>
              )}
            </Stack>
          </Center>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
