import type { BillingCycle, PlanId } from './plans';
import type { SubscriptionStatus } from './subscription';

/**
 * The shapes of the admin money routes (docs/metrics.md), shared by the API and the admin screens.
 * Money is integer US cents everywhere.
 */

/** `GET /api/admin/metrics` (docs/metrics.md); rates in percent. */
export interface AdminMetrics {
  billingSummary: {
    totalRevenue: number;
    currentMonthRevenue: number;
    revenueGrowth: number;
    paidInvoices: number;
    pendingInvoices: number;
    failedInvoices: number;
    refundedAmount: number;
  };
  subscriptionAnalytics: {
    mrr: number;
    activeSubscriptions: number;
    canceledSubscriptions: number;
    churnRate: number;
    totalSubscriptions: number;
    planDistribution: Record<PlanId, number>;
  };
  userGrowth: {
    totalUsers: number;
    newUsersThisMonth: number;
    userGrowthRate: number;
    conversionRate: number;
  };
}

/** One month of `GET /api/admin/revenue`: `month` is `YYYY-MM` (UTC). */
export interface RevenueMonth {
  month: string;
  /** MRR at the end of the month (for the current month: now, the same figure as /api/admin/metrics). */
  mrr: number;
  /** Σ paid invoices dated in the month. */
  revenue: number;
}

export interface RevenueSeries {
  months: RevenueMonth[];
}

/** One row of `GET /api/admin/subscriptions`. */
export interface AdminSubscriptionRow {
  id: string | null;
  ownerId: string;
  /** The account's email; null for a guest purchase not yet claimed or an account without a profile. */
  email: string | null;
  plan: PlanId;
  billingCycle: BillingCycle;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  /** The plan table's price for the cycle (what each renewal charges before prorations). */
  amount: number;
  createdAt: string | null;
}

export const INVOICE_STATES = ['paid', 'pending', 'failed', 'refunded', 'void'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** One row of `GET /api/admin/invoices`. */
export interface AdminInvoiceRow {
  id: string;
  ownerId: string;
  email: string | null;
  date: string;
  description: string;
  amount: number;
  state: InvoiceState;
  invoiceNumber: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * SES reputation thresholds (share of sent mail over the trailing window): at the review level SES
 * puts the account under review, at the pause level it may stop sending.
 */
export const SES_THRESHOLDS = {
  bounce: { review: 0.05, pause: 0.1 },
  complaint: { review: 0.001, pause: 0.005 },
} as const;

export type DeliveryHealthState = 'ok' | 'warning' | 'at-risk';

/** `GET /api/admin/email-health`. Rates in percent with two decimals. */
export interface EmailHealth {
  days: number;
  from: string;
  to: string;
  sent: number;
  bounced: number;
  complained: number;
  bounceRate: number;
  complaintRate: number;
  bounceState: DeliveryHealthState;
  complaintState: DeliveryHealthState;
  state: DeliveryHealthState;
}

export const REPORT_NAMES = ['users', 'subscriptions', 'invoices', 'dispatch-runs'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
