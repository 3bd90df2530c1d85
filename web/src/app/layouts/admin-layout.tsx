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
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Subscriptions', to: '/admin/subscriptions' },
  { label: 'Billing', to: '/admin/billing' },
  { label: 'Revenue', to: '/admin/revenue' },
  { label: 'Reports', to: '/admin/reports' },
  { label: 'Email testing', to: '/admin/email-testing' },
  { label: 'Weather testing', to: '/admin/weather-testing' },
  { label: 'Settings', to: '/admin/settings' },
];

/** The admin area's layout (spec §2), behind RequireAdmin. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <ShellHeader navOpened={opened} onToggleNav={toggle} home="/admin/dashboard" badge="Admin" />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <ShellNav items={NAV} label="Admin" onNavigate={close} />
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
