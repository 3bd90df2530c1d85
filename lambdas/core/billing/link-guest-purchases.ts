import { grantsPlan } from '../../../shared/subscription';
import type { Caller, Clock } from '../ports';
import type { BillingStore } from './billing.ports';
import { guestOwnerId } from './subscription-record';

export interface LinkDeps {
  store: BillingStore;
  clock: Clock;
}

/** Caller fields linking needs: the email must be one Cognito has verified. */
export type LinkCaller = Caller & { emailVerified?: boolean };

const MAX_ATTEMPTS = 3;

/**
 * Links purchases made as a guest with this account's verified email to the account, exactly once:
 * each move is one conditional transaction (customer still unlinked, guest record unchanged since
 * read), so concurrent calls and webhooks cannot link twice or lose an update. Returns how many
 * purchases were linked by this call. Idempotent: a second call finds nothing to link.
 */
export async function linkGuestPurchases(caller: LinkCaller, deps: LinkDeps): Promise<number> {
  if (!caller.email || caller.emailVerified !== true) return 0;
  let linked = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const guests = await deps.store.findUnlinkedGuestPurchases(caller.email.toLowerCase());
    if (guests.length === 0) return linked;
    let conflicted = false;
    for (const guest of guests) {
      const [history, target, accountCustomer] = await Promise.all([
        deps.store.listBillingHistory(guestOwnerId(guest.customerId)),
        deps.store.getSubscriptionForSync(caller.userId),
        deps.store.getCustomerIdForUser(caller.userId),
      ]);
      // The guest record becomes the account's record unless the account already has a live one.
      const moveRecord =
        guest.subscription !== null && !(target && grantsPlan(target.record.status) && target.record.id);
      const result = await deps.store.linkGuestPurchase({
        guest,
        userId: caller.userId,
        target:
          moveRecord && guest.subscription
            ? {
                record: {
                  ...guest.subscription.record,
                  user_id: caller.userId,
                  updated_at: deps.clock.now().toISOString(),
                },
                expectedVersion: target ? (target.version ?? null) : null,
              }
            : null,
        history,
        setAccountCustomer: accountCustomer === null,
      });
      if (result === 'linked') linked++;
      if (result === 'conflict') conflicted = true;
    }
    if (!conflicted) return linked;
  }
  return linked;
}
