import { Text } from '@mantine/core';
import { formatUsd } from '../../../../../shared/plans';
import type { AdminMetrics } from '../../../../../shared/admin-money';
import { count, formatGrowth, KpiGrid } from './kpi';

const n = (v: number) => v.toLocaleString('en-US');

/** The busy bars while /api/admin/metrics loads (two rows of figure cards). */
export const FIGURES_LOADING = { label: 'Loading the figures', rows: 2, height: 90 };

/** The dashboard's headline figures, from /api/admin/metrics. */
export function DashboardKpis({ metrics }: { metrics: AdminMetrics }) {
  const { billingSummary: b, subscriptionAnalytics: s, userGrowth: u } = metrics;
  return (
    <KpiGrid
      label="Key figures"
      items={[
        {
          label: 'MRR',
          value: formatUsd(s.mrr),
          hint: 'Monthly recurring revenue, annual plans at a twelfth',
        },
        {
          label: 'Active subscriptions',
          value: n(s.activeSubscriptions),
          hint: `${n(s.totalSubscriptions)} in total, any status`,
        },
        {
          label: 'Churn rate',
          value: `${s.churnRate}%`,
          hint: 'Canceled this month of those live on the 1st',
        },
        {
          label: 'Total revenue',
          value: formatUsd(b.totalRevenue),
          hint: `From ${count(b.paidInvoices, 'paid invoice')}`,
        },
        {
          label: "This month's revenue",
          value: formatUsd(b.currentMonthRevenue),
          hint: `${formatGrowth(b.revenueGrowth)} against last month`,
        },
        {
          label: 'Users',
          value: n(u.totalUsers),
          hint: `${n(u.newUsersThisMonth)} new this month (${formatGrowth(u.userGrowthRate)})`,
        },
        { label: 'Conversion', value: `${u.conversionRate}%`, hint: 'Accounts on a paid plan' },
      ]}
    />
  );
}

/** Revenue collected: the billing summary and the revenue screen both lead with these. */
function collectedRevenue(b: AdminMetrics['billingSummary']) {
  return [
    { label: 'Total revenue', value: formatUsd(b.totalRevenue), hint: 'Every paid invoice' },
    {
      label: 'Current month revenue',
      value: formatUsd(b.currentMonthRevenue),
      hint: 'Paid this month (UTC)',
    },
    { label: 'Revenue growth', value: formatGrowth(b.revenueGrowth), hint: 'This month against last month' },
  ];
}

/** The spec's billing summary figures. */
export function BillingFigures({ metrics }: { metrics: AdminMetrics }) {
  const b = metrics.billingSummary;
  return (
    <KpiGrid
      label="Billing summary"
      items={[
        ...collectedRevenue(b),
        { label: 'Paid invoices', value: n(b.paidInvoices) },
        { label: 'Pending invoices', value: n(b.pendingInvoices), hint: 'Open, no failed payment' },
        { label: 'Failed invoices', value: n(b.failedInvoices), hint: 'A payment attempt failed' },
        { label: 'Refunded amount', value: formatUsd(b.refundedAmount) },
      ]}
    />
  );
}

/** The revenue screen's figures. */
export function RevenueFigures({ metrics }: { metrics: AdminMetrics }) {
  const { billingSummary: b, subscriptionAnalytics: s } = metrics;
  return (
    <KpiGrid
      label="Revenue figures"
      items={[
        { label: 'MRR', value: formatUsd(s.mrr), hint: 'Live subscriptions now' },
        ...collectedRevenue(b),
      ]}
    />
  );
}

/** The subscription analytics figures. */
export function SubscriptionFigures({ metrics }: { metrics: AdminMetrics }) {
  const s = metrics.subscriptionAnalytics;
  return (
    <KpiGrid
      label="Subscription analytics"
      items={[
        {
          label: 'Active subscriptions',
          value: n(s.activeSubscriptions),
          hint: 'Active, trialing or past due',
        },
        { label: 'Canceled subscriptions', value: n(s.canceledSubscriptions) },
        { label: 'Churn rate', value: `${s.churnRate}%`, hint: 'This month' },
        { label: 'Total subscriptions', value: n(s.totalSubscriptions), hint: 'Every status' },
      ]}
    />
  );
}

export function FiguresNote() {
  return (
    <Text size="xs" c="dimmed">
      Computed from the stored subscriptions and invoices on every load; definitions in docs/metrics.md.
    </Text>
  );
}
