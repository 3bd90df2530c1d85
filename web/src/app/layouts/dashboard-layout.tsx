import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { queryClient } from '../../lib/query-client';
import { ShellHeader } from './shell-header';
import { ShellNav, type NavItem } from './shell-nav';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Clients', to: '/clients' },
  { label: 'Jobsites', to: '/jobsites' },
  { label: 'Workers', to: '/workers' },
  { label: 'Weather', to: '/weather' },
  { label: 'Email', to: '/email' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Subscription', to: '/subscription' },
  { label: 'Settings', to: '/settings' },
];

/** The shared layout of the signed-in area (spec §2). */
export function DashboardLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <ShellHeader navOpened={opened} onToggleNav={toggle} home="/dashboard" />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <ShellNav items={NAV} label="Main" onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
