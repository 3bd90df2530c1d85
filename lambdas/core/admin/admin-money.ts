import type { ReportName } from '../../../shared/admin-money';
import type { DispatchRunRepo } from '../dispatch/dispatch.ports';
import type { Clock } from '../runtime.ports';
import { accountsOf, isLive } from './metrics';
import type { DeliveryStats, MetricsStore } from './metrics.ports';
import { dollars, toCsv } from '../../../shared/csv';
import {
  emailHealth,
  emailsOf,
  healthWindow,
  invoiceRows,
  revenueSeries,
  subscriptionRows,
  withPoolUsers,
} from './money';
import type { UserDirectory } from './people.ports';
import { everyUser } from './pool-users';

export interface AdminMoneyDeps {
  store: MetricsStore;
  clock: Clock;
  /** Email delivery counters (the dashboard's health card); absent in apps built without them. */
  delivery?: DeliveryStats;
  /** Dispatch runs (their CSV report); absent in apps built without the dispatch. */
  runs?: DispatchRunRepo;
  /** The user pool: the users report lists every user with Cognito's creation date (the sign-up). */
  directory?: Pick<UserDirectory, 'listUsers'>;
}

async function records(deps: AdminMoneyDeps, withInvoices = true) {
  const [profiles, subscriptions, invoices] = await Promise.all([
    deps.store.listProfiles(),
    deps.store.listSubscriptions(),
    withInvoices ? deps.store.listInvoices() : Promise.resolve([]),
  ]);
  const accounts = accountsOf(profiles, subscriptions);
  const customerIds = subscriptions.flatMap((s) => (s.customerId ? [s.customerId] : []));
  const customerEmails = deps.store.customerEmails ? await deps.store.customerEmails(customerIds) : new Map();
  return { subscriptions, invoices, accounts, emails: emailsOf(accounts, subscriptions, customerEmails) };
}

/** MRR and paid revenue per month over the last 12 UTC months. */
export async function getRevenueSeries(deps: AdminMoneyDeps) {
  const [subscriptions, invoices] = await Promise.all([
    deps.store.listSubscriptions(),
    deps.store.listInvoices(),
  ]);
  return { months: revenueSeries(subscriptions, invoices, deps.clock.now()) };
}

export async function listAdminSubscriptions(deps: AdminMoneyDeps) {
  const { subscriptions, emails } = await records(deps, false);
  return subscriptionRows(subscriptions, emails);
}

export async function listAdminInvoices(deps: AdminMoneyDeps) {
  const { invoices, emails } = await records(deps);
  return invoiceRows(invoices, emails);
}

/** Bounce and complaint rates over the last 30 days (a window with no counters reads as nothing sent). */
export async function getEmailHealth(deps: AdminMoneyDeps) {
  const now = deps.clock.now();
  const { from, to } = healthWindow(now, 30);
  return emailHealth(deps.delivery ? await deps.delivery.listDays(from, to) : [], now, 30);
}

/** Dispatch runs kept (90 days at 96 a day). */
const MAX_RUNS_EXPORTED = 9000;

/** One admin table as CSV: a header row, money in US dollars with two decimals (said in the header). */
export async function buildReport(deps: AdminMoneyDeps, name: ReportName): Promise<string> {
  switch (name) {
    case 'users': {
      const [stored, users] = await Promise.all([
        records(deps, false),
        deps.directory ? everyUser(deps.directory) : Promise.resolve([]),
      ]);
      const { subscriptions, emails } = stored;
      const accounts = withPoolUsers(stored.accounts, users);
      for (const u of users) if (!emails.has(u.id)) emails.set(u.id, u.email);
      const live = new Map(subscriptions.filter(isLive).map((s) => [s.ownerId, s]));
      const latest = new Map(subscriptions.map((s) => [s.ownerId, s]));
      return toCsv(
        ['user id', 'email', 'name', 'company', 'created at', 'plan', 'subscription status'],
        accounts
          .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
          .map((a) => [
            a.userId,
            emails.get(a.userId) ?? '',
            a.name ?? '',
            a.company ?? '',
            a.createdAt ?? '',
            live.get(a.userId)?.plan ?? 'none',
            latest.get(a.userId)?.status ?? '',
          ]),
      );
    }
    case 'subscriptions': {
      const rows = await listAdminSubscriptions(deps);
      return toCsv(
        [
          'subscription id',
          'owner id',
          'email',
          'plan',
          'billing cycle',
          'status',
          'cancel at period end',
          'current period end',
          'amount (USD)',
          'created at',
        ],
        rows.map((r) => [
          r.id ?? '',
          r.ownerId,
          r.email ?? '',
          r.plan,
          r.billingCycle,
          r.status,
          r.cancelAtPeriodEnd ? 'yes' : 'no',
          r.currentPeriodEnd ?? '',
          dollars(r.amount),
          r.createdAt ?? '',
        ]),
      );
    }
    case 'invoices': {
      const rows = await listAdminInvoices(deps);
      return toCsv(
        ['invoice id', 'invoice number', 'date', 'owner id', 'email', 'description', 'state', 'amount (USD)'],
        rows.map((r) => [
          r.id,
          r.invoiceNumber ?? '',
          r.date,
          r.ownerId,
          r.email ?? '',
          r.description,
          r.state,
          dollars(r.amount),
        ]),
      );
    }
    case 'dispatch-runs': {
      const runs = deps.runs ? await deps.runs.listRecent(MAX_RUNS_EXPORTED) : [];
      return toCsv(
        [
          'run id',
          'started at',
          'slot start',
          'trigger',
          'due',
          'judged',
          'upstream calls',
          'notices sent',
          'updates sent',
          'all-clears sent',
          'failed',
          'errors',
        ],
        runs.map((r) => [
          r.runId,
          r.startedAt,
          r.slotStart,
          r.trigger,
          r.due,
          r.judged,
          r.upstreamCalls,
          r.sent.notice,
          r.sent.update,
          r.sent.allClear,
          r.failed,
          r.errors.join('; '),
        ]),
      );
    }
  }
}
