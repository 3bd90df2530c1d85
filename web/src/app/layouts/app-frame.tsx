import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { queryClient } from '../../lib/query-client';
import { ShellHeader } from './shell-header';
import { SupportSessionBanner } from '../../features/support/components/support-session-banner';
import { ShellNav, type NavItem } from './shell-nav';

interface Props {
  /** The navbar's links. */
  nav: NavItem[];
  /** Accessible name of the navigation landmark. */
  navLabel: string;
  /** Where the brand in the header links to. */
  home: string;
  badge?: string;
}

/**
 * The AppShell of the signed-in and admin areas: header, collapsible navbar and the routed page. It also
 * provides TanStack Query, so the landing page does not download it.
 */
export function AppFrame({ nav, navLabel, home, badge }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <ShellHeader navOpened={opened} onToggleNav={toggle} home={home} badge={badge} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <ShellNav items={nav} label={navLabel} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <SupportSessionBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
