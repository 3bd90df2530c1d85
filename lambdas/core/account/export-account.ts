import { tenantOf, type Caller, type TenantId } from '../caller';
import type { Clock } from '../runtime.ports';

/** Everything stored for one account, by kind, as stored. */
export interface AccountData {
  profile: unknown;
  subscription: unknown;
  billingHistory: unknown[];
  clients: unknown[];
  crews: unknown[];
  workers: unknown[];
  jobsites: unknown[];
  emailTemplates: unknown[];
  /** The dispatch's verdicts per jobsite and working day, with the contractor's "worked" marks. */
  decisions: unknown[];
  /** Every notice, update and all-clear claimed for a recipient, with its delivery status. */
  messages: unknown[];
  /** Each phone number's SMS consent to this account: state and log (asked, YES, STOP, START, with time and source). */
  smsConsents: unknown[];
}

export interface AccountDataStore {
  accountData(tenant: TenantId): Promise<AccountData>;
}

/** The caller's own data, whole: the tenant is the verified caller, never a parameter. */
export async function exportAccount(
  caller: Caller,
  deps: { store: AccountDataStore; clock: Clock },
): Promise<{ exportedAt: string; account: { userId: string; email: string } } & AccountData> {
  const data = await deps.store.accountData(tenantOf(caller));
  return {
    exportedAt: deps.clock.now().toISOString(),
    account: { userId: caller.userId, email: caller.email },
    ...data,
  };
}
