import type { EntityItem } from 'electrodb';
import type { SmsConsentEvent } from '../../../shared/sms-messages';
import type { TenantId } from '../../core/caller';
import type {
  SmsAllowance,
  SmsConsent,
  SmsConsentStore,
  SmsDeliveryLog,
  SmsDeliveryStatus,
  SmsMessageRef,
  SentText,
} from '../../core/sms/sms.ports';
import { writeGuarded } from './record-guards';
import { putItems } from './direct-writes';
import { smsMessageItem } from './claim-items';
import { DynamoClaimRepo } from './claims.repo';
import { writtenUnlessConditionFails } from './conditions';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

type ConsentItem = EntityItem<RaincheckService['entities']['smsConsent']>;

const consentOf = (i: ConsentItem): SmsConsent => ({
  tenantId: i.tenantId,
  phone: i.phone,
  state: i.state,
  company: i.company,
  log: (i.log as SmsConsentEvent[]) ?? [],
  version: i.version,
});

export class DynamoSmsConsents implements SmsConsentStore {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId, phone: string) {
    const { data } = await this.db.entities.smsConsent.get(tenantKey(tenant, { phone })).go();
    return data ? consentOf(data) : null;
  }

  async listForPhone(phone: string) {
    const { data } = await this.db.entities.smsConsent.query.byPhone({ phone }).go({ pages: 'all' });
    return data.map(consentOf);
  }

  async getMany(tenant: TenantId, phones: readonly string[]) {
    if (phones.length === 0) return [];
    const keys = phones.map((phone) => tenantKey(tenant, { phone }));
    const { data, unprocessed } = await this.db.entities.smsConsent.get(keys).go();
    if (unprocessed.length) throw new Error('DynamoDB left keys of a batched read unprocessed');
    return data.map(consentOf);
  }

  async listForTenant(tenant: TenantId) {
    const { data } = await this.db.entities.smsConsent.query.byTenant(tenantKey(tenant)).go({ pages: 'all' });
    return data.map(consentOf);
  }

  create(consent: SmsConsent) {
    return writtenUnlessConditionFails(() => this.db.entities.smsConsent.create(consent).go());
  }

  replace(consent: SmsConsent, expectedVersion: number) {
    const { tenantId, phone, ...rest } = consent;
    return writtenUnlessConditionFails(() =>
      this.db.entities.smsConsent
        .patch({ tenantId, phone })
        .set(rest)
        .where((a, op) => op.eq(a.version, expectedVersion))
        .go(),
    );
  }
}

export class DynamoSmsAllowance implements SmsAllowance {
  constructor(private readonly db: RaincheckService) {}

  async take(tenant: TenantId, month: string, count: number, limit: number) {
    // Checked before the write: a text bigger than the whole allowance must take nothing.
    if (count > limit) return false;
    return writtenUnlessConditionFails(() =>
      this.db.entities.smsUsage
        .update(tenantKey(tenant, { month }))
        .add({ segments: count })
        .where((a, op) => `${op.notExists(a.segments)} OR ${op.lte(a.segments, limit - count)}`)
        .go(),
    );
  }

  async giveBack(tenant: TenantId, month: string, count: number) {
    await this.db.entities.smsUsage.update(tenantKey(tenant, { month })).subtract({ segments: count }).go();
  }

  async used(tenant: TenantId, month: string) {
    const { data } = await this.db.entities.smsUsage.get(tenantKey(tenant, { month })).go();
    return data?.segments ?? 0;
  }
}

/** Two items a text (its claim's mark, its message record) in DynamoDB's 100 a transaction. */
const TEXTS_PER_TRANSACTION = 50;

export class DynamoSmsDeliveries implements SmsDeliveryLog {
  constructor(private readonly db: RaincheckService) {}

  async remember(ref: SmsMessageRef) {
    await this.db.entities.smsMessage.put(ref).go();
  }

  async markSentMany(texts: readonly SentText[]) {
    const whole = texts.flatMap((t) => (t.claimed ? [{ ...t, claimed: t.claimed }] : []));
    if (whole.length > 0) {
      // Puts, not a transaction (half the write units): first the claims, whole as they were taken
      // (BatchWriteItem only puts), then the records. A delivery event finds a claim only through
      // its record, so none can land on a claim this put would then overwrite.
      await new DynamoClaimRepo(this.db).markSentMany(
        whole.map(({ ref, sentAt, claimed }) => ({
          claim: claimed.claim,
          claimedAt: claimed.at,
          messageId: ref.messageId,
          sentAt,
        })),
      );
      await putItems(
        this.db.direct,
        'text records',
        whole.map((t) => smsMessageItem(t.ref)),
      );
    }
    const partial = texts.filter((t) => !t.claimed);
    for (let i = 0; i < partial.length; i += TEXTS_PER_TRANSACTION) {
      const chunk = partial.slice(i, i + TEXTS_PER_TRANSACTION);
      // Updates, not puts: the claim keeps what a delivery event wrote on it, and the message's
      // record is the same item whoever writes it. A conflict with a delivery event is tried again.
      const result = await writeGuarded(this.db, ({ notificationClaim, smsMessage }) =>
        chunk.flatMap(({ ref, sentAt }) => {
          const { messageId, ...claimKey } = ref;
          return [
            notificationClaim
              .patch(claimKey)
              .set({ status: 'SENT', messageId, sentAt: sentAt.toISOString() })
              .commit(),
            smsMessage.update({ messageId }).set(claimKey).commit(),
          ];
        }),
      );
      if (result.canceled) {
        const codes = (result.data as { code?: string }[]).map((d) => d?.code ?? 'None');
        throw new Error(`${chunk.length} sent texts not marked: ${[...new Set(codes)].join(', ')}`);
      }
    }
  }

  async record(messageId: string, status: SmsDeliveryStatus, at: string) {
    const { data } = await this.db.entities.smsMessage.get({ messageId }).go();
    if (!data) return false;
    const { messageId: _id, ...key } = data;
    // A late "sent" never overwrites a final "delivered" or "failed".
    return writtenUnlessConditionFails(() =>
      this.db.entities.notificationClaim
        .patch(key)
        .set({ deliveryStatus: status, deliveryAt: at })
        .where((a, op) =>
          status === 'SENT' ? `${op.notExists(a.deliveryStatus)} OR ${op.eq(a.deliveryStatus, 'SENT')}` : '',
        )
        .go(),
    );
  }
}
