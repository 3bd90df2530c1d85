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

export const AdminEmailTestingPage = () => (
  <PlaceholderPage
    title="Email testing"
    emptyTitle="No test emails sent yet"
    description="Send any notice template to an address of your choice to check its wording and rendering."
  />
);

export const AdminWeatherTestingPage = () => <WeatherTesting />;
