import { Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PLANS, PAID_PLAN_IDS, formatUsd, type PlanId } from '../../../../../shared/plans';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../../../shared/subscription';
import { useAdminSubscriptions } from '../api/admin-money-api';
import { AccountCell, dateOnly, PagedTable, StateCell } from './paged-table';

const STATUS_COLOR: Partial<Record<SubscriptionStatus, string>> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'orange',
  canceled: 'gray',
  unpaid: 'red',
};
const statusLabel = (s: string) => s.replace('_', ' ');

/** Every subscription record, filtered by plan and status, 20 a page. */
export function SubscriptionsTable() {
  const [plan, setPlan] = useState<PlanId | undefined>();
  const [status, setStatus] = useState<SubscriptionStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useAdminSubscriptions({ plan, status, page });
  return (
    <PagedTable
      list={list}
      page={page}
      onPage={setPage}
      layout="fields"
      filters={
        <>
          <Select
            label="Plan"
            placeholder="All plans"
            clearable
            w={180}
            data={[...PAID_PLAN_IDS, 'none' as const].map((p) => ({ value: p, label: PLANS[p].name }))}
            value={plan ?? null}
            onChange={(v) => {
              setPlan((v as PlanId | null) ?? undefined);
              setPage(1);
            }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            w={180}
            data={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={status ?? null}
            onChange={(v) => {
              setStatus((v as SubscriptionStatus | null) ?? undefined);
              setPage(1);
            }}
          />
        </>
      }
      noun="subscription"
      plural="Subscriptions"
      empty="No subscription matches these filters."
      minWidth={860}
      headers={[
        'Account',
        'Plan',
        'Cycle',
        'Status',
        'Cancels at period end',
        'Current period end',
        { label: 'Amount', ta: 'right' },
      ]}
      rowKey={(s) => s.id ?? s.ownerId}
      row={(s) => (
        <>
          <AccountCell email={s.email} ownerId={s.ownerId} guestLabel="Guest purchase (not claimed)" />
          <Table.Td>{PLANS[s.plan].name}</Table.Td>
          <Table.Td>{s.billingCycle}</Table.Td>
          <StateCell color={STATUS_COLOR[s.status] ?? 'gray'}>{statusLabel(s.status)}</StateCell>
          <Table.Td>{s.cancelAtPeriodEnd ? 'Yes' : 'No'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOnly(s.currentPeriodEnd)}</Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatUsd(s.amount)}
            <Text span size="xs" c="dimmed">
              {s.billingCycle === 'annual' ? ' /yr' : ' /mo'}
            </Text>
          </Table.Td>
        </>
      )}
    />
  );
}
