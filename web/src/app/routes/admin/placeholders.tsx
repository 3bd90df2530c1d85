import { Stack } from '@mantine/core';
import { PlaceholderPage } from '../../../components/placeholder-page';
import { DispatchRuns } from '../../../features/admin-ops/components/dispatch-runs';
import { WeatherTesting } from '../../../features/admin-ops/components/weather-testing';

/* The admin screens; their figures come from live data in later issues (never sample values). */

export const AdminDashboardPage = () => (
  <Stack gap="xl">
    <PlaceholderPage
      title="Admin dashboard"
      emptyTitle="No figures yet"
      description="Revenue, active subscriptions and user growth will be shown here, computed from billing and account data."
    />
    <DispatchRuns />
  </Stack>
);

export const AdminSubscriptionsPage = () => (
  <PlaceholderPage
    title="Subscriptions"
    emptyTitle="No subscriptions to show yet"
    description="Subscriptions by plan and status (MRR, churn, plan distribution) will be listed here."
  />
);

export const AdminBillingPage = () => (
  <PlaceholderPage
    title="Billing"
    emptyTitle="No invoices to show yet"
    description="Paid, pending, failed and refunded invoices will be listed here."
  />
);

export const AdminRevenuePage = () => (
  <PlaceholderPage
    title="Revenue"
    emptyTitle="No revenue recorded yet"
    description="Total and monthly revenue with growth over time will be charted here."
  />
);

export const AdminReportsPage = () => (
  <PlaceholderPage
    title="Reports"
    emptyTitle="No reports yet"
    description="Exportable reports on accounts, subscriptions and notices sent will be available here."
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
