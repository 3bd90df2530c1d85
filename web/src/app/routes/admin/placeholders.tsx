import { PlaceholderPage } from '../../../components/placeholder-page';
import { WeatherTesting } from '../../../features/admin-ops/components/weather-testing';

/* The admin screens; their figures come from live data in later issues (never sample values). */

export const AdminUsersPage = () => (
  <PlaceholderPage
    title="Users"
    emptyTitle="No users to show yet"
    description="Every account with its plan, status and sign-up date will be listed here."
  />
);

export const AdminSettingsPage = () => (
  <PlaceholderPage
    title="Admin settings"
    emptyTitle="No settings to change yet"
    description="Product-wide settings (plans on sale, notice defaults, email sender) will be managed here."
  />
);

export const AdminWeatherTestingPage = () => <WeatherTesting />;
