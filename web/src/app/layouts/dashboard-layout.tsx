import { AppFrame } from './app-frame';
import type { NavItem } from './shell-nav';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Clients', to: '/clients' },
  { label: 'Jobsites', to: '/jobsites' },
  { label: 'Workers', to: '/workers' },
  { label: 'Crews', to: '/crews' },
  { label: 'Weather', to: '/weather' },
  { label: 'Email', to: '/email' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Subscription', to: '/subscription' },
  { label: 'Settings', to: '/settings' },
  { label: 'Webhooks', to: '/settings/webhooks' },
];

/** The shared layout of the signed-in area (spec §2). */
export function DashboardLayout() {
  return <AppFrame nav={NAV} navLabel="Main" home="/dashboard" />;
}
