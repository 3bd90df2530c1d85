import type { AccountProfile } from '../../../shared/account';
import { PLANS } from '../../../shared/plans';
import type { Subscription } from '../../../shared/subscription';
import type { AccountRepo } from '../../core/ports';
import type { RaincheckService } from './entities';

export class DynamoAccountRepo implements AccountRepo {
  constructor(private readonly db: RaincheckService) {}

  async getProfile(userId: string): Promise<AccountProfile | null> {
    const { data } = await this.db.entities.profile.get({ userId }).go();
    if (!data) return null;
    return {
      userId: data.userId,
      email: data.email,
      name: data.name ?? null,
      company: data.company ?? null,
      units: data.units,
      createdAt: data.createdAt ?? null,
    };
  }

  async putProfile(profile: AccountProfile): Promise<void> {
    await this.db.entities.profile
      .put({
        userId: profile.userId,
        email: profile.email,
        name: profile.name ?? undefined,
        company: profile.company ?? undefined,
        units: profile.units,
        createdAt: profile.createdAt ?? undefined,
        updatedAt: new Date().toISOString(),
      })
      .go();
  }

  async getSubscription(userId: string): Promise<Subscription | null> {
    const { data } = await this.db.entities.subscription.get({ userId }).go();
    if (!data) return null;
    const pm = data.paymentMethod;
    return {
      id: data.id ?? null,
      user_id: data.userId,
      plan: data.plan,
      status: data.status,
      billing_cycle: data.billingCycle,
      price_id: data.priceId ?? null,
      customer_id: data.customerId ?? null,
      start_date: data.startDate ?? null,
      end_date: data.endDate ?? null,
      trial_end: data.trialEnd ?? null,
      next_billing_date: data.nextBillingDate ?? null,
      cancellation_date: data.cancellationDate ?? null,
      payment_method:
        pm?.brand && pm.last4 && pm.expMonth && pm.expYear
          ? { brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear }
          : null,
      features: { ...PLANS[data.plan].features },
      created_at: data.createdAt ?? null,
      updated_at: data.updatedAt ?? null,
      currentPeriodEnd: data.currentPeriodEnd ?? null,
    };
  }
}
