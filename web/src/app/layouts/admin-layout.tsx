import { useAdminIdentity } from '../../lib/auth/admin-identity';
import { AppFrame } from './app-frame';
import type { NavItem } from './shell-nav';

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
  { label: 'Support', to: '/admin/support' },
];

const ROLE_LABELS = { super_admin: 'Super admin' } as const;

/** The admin area's layout (spec §2), behind RequireAdmin; the badge is the role the server answered. */
export function AdminLayout() {
  const identity = useAdminIdentity();
  const badge = identity ? ROLE_LABELS[identity.role] : 'Admin';
  return <AppFrame nav={NAV} navLabel="Admin" home="/admin/dashboard" badge={badge} />;
}
