import type { Service } from 'electrodb';
import { electrodb } from './electrodb-on-first-use';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { accountCustomerEntity } from './entities/account-customer.entity';
import { billingCustomerEntity } from './entities/billing-customer.entity';
import { billingEntryEntity } from './entities/billing-entry.entity';
import { clientEntity } from './entities/client.entity';
import { crewEntity } from './entities/crew.entity';
import { dispatchDecisionEntity, notificationClaimEntity } from './entities/dispatch-decision.entity';
import { dayObservationEntity } from './entities/day-observation.entity';
import { reportDefinitionEntity } from './entities/report-definition.entity';
import { reportScheduleEntity, reportSendEntity } from './entities/report-schedule.entity';
import { emailTemplateEntity } from './entities/email-template.entity';
import { forecastCacheEntity } from './entities/forecast-cache.entity';
import { dispatchBatchEntity } from './entities/dispatch-batch.entity';
import { deliveryDayEntity } from './entities/delivery-day.entity';
import { heldMessageEntity } from './entities/held-message.entity';
import { dispatchRunEntity } from './entities/dispatch-run.entity';
import { noticeSlotEntity, zoneInUseEntity } from './entities/notice-slot.entity';
import { jobsiteEntity } from './entities/jobsite.entity';
import { profileEntity } from './entities/profile.entity';
import { stripeEventReceiptEntity } from './entities/stripe-event-receipt.entity';
import { subscriptionOwnerEntity } from './entities/subscription-owner.entity';
import { subscriptionEntity } from './entities/subscription.entity';
import { workerEntity } from './entities/worker.entity';
import { signInEntity } from './entities/sign-in.entity';
import { adminSettingsEntity } from './entities/admin-settings.entity';
import { recordGuardEntity } from './entities/record-guard.entity';
import { idempotencyRecordEntity } from './entities/idempotency-record.entity';
import { suppressedAddressEntity } from './entities/suppressed-address.entity';
import { rateWindowEntity } from './entities/rate-window.entity';
import { holidayCalendarEntity } from './entities/holiday-calendar.entity';
import { smsConsentEntity, smsMessageEntity, smsUsageEntity } from './entities/sms.entity';
import { apiKeyEntity } from './entities/api-key.entity';
import { confirmationRequestEntity } from './entities/confirmation-request.entity';
import { SUPPORT_ENTITIES } from './entities/support-entities';
import { membershipEntity } from './entities/membership.entity';
import { teamInviteEntity } from './entities/team-invite.entity';
import { accountAuditEntity } from './entities/account-audit.entity';
import { noticeShortCodeEntity } from './entities/notice-short-code.entity';
import { webhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { webhookEndpointEntity } from './entities/webhook-endpoint.entity';
import { ssoConnectionEntity, ssoDomainEntity } from './entities/sso.entity';
import { brandEntity } from './entities/brand.entity';
import { accountRosterEntity } from './entities/account-roster.entity';

import type { EntityConfig } from './entities/table';

export { TABLE_KEYS } from './entities/table';

/**
 * Every entity of the one table, by the name repositories use (one file per entity). Only the
 * factories: ElectroDB builds and validates an entity's schema when it is constructed (~3 ms each),
 * so a Lambda builds an entity on its first use, never at load (issue 26 item 8).
 */
const ENTITY_FACTORIES = {
  profile: profileEntity,
  subscription: subscriptionEntity,
  billingCustomer: billingCustomerEntity,
  accountCustomer: accountCustomerEntity,
  subscriptionOwner: subscriptionOwnerEntity,
  billingEntry: billingEntryEntity,
  stripeEventReceipt: stripeEventReceiptEntity,
  dispatchRun: dispatchRunEntity,
  dispatchBatch: dispatchBatchEntity,
  client: clientEntity,
  crew: crewEntity,
  worker: workerEntity,
  jobsite: jobsiteEntity,
  noticeSlot: noticeSlotEntity,
  zoneInUse: zoneInUseEntity,
  dispatchDecision: dispatchDecisionEntity,
  notificationClaim: notificationClaimEntity,
  emailTemplate: emailTemplateEntity,
  forecastCache: forecastCacheEntity,
  deliveryDay: deliveryDayEntity,
  heldMessage: heldMessageEntity,
  signIn: signInEntity,
  adminSettings: adminSettingsEntity,
  recordGuard: recordGuardEntity,
  idempotencyRecord: idempotencyRecordEntity,
  suppressedAddress: suppressedAddressEntity,
  rateWindow: rateWindowEntity,
  holidayCalendar: holidayCalendarEntity,
  smsConsent: smsConsentEntity,
  smsUsage: smsUsageEntity,
  smsMessage: smsMessageEntity,
  confirmationRequest: confirmationRequestEntity,
  apiKey: apiKeyEntity,
  ...SUPPORT_ENTITIES,
  membership: membershipEntity,
  ssoConnection: ssoConnectionEntity,
  ssoDomain: ssoDomainEntity,
  teamInvite: teamInviteEntity,
  accountAudit: accountAuditEntity,
  noticeShortCode: noticeShortCodeEntity,
  webhookEndpoint: webhookEndpointEntity,
  webhookDelivery: webhookDeliveryEntity,
  brand: brandEntity,
  accountRoster: accountRosterEntity,
  dayObservation: dayObservationEntity,
  reportDefinition: reportDefinitionEntity,
  reportSchedule: reportScheduleEntity,
  reportSend: reportSendEntity,
};

type EntityName = keyof typeof ENTITY_FACTORIES;
export type RaincheckEntities = { [N in EntityName]: ReturnType<(typeof ENTITY_FACTORIES)[N]> };

/**
 * What repositories use of an ElectroDB Service over every entity: `entities` and `transaction`,
 * typed as the Service's own. The table has no collections, so a Service would add nothing to the
 * entities but its name check (all share SERVICE, entity-kit.ts) and the table and client (each
 * entity gets the same ones).
 */
export type RaincheckService = Pick<Service<RaincheckEntities>, 'entities' | 'transaction'> & {
  /** The table and its client, for the dispatch's hot writes built without ElectroDB (claim-items.ts). */
  direct: EntityConfig;
};

/**
 * The one table's entities, each built on its first use and kept for the container's life. A
 * transaction hands its function every entity but passes ElectroDB only those the function used,
 * so reading a transaction's result (which looks at each entity it is given) builds no others.
 */
export function createRaincheckService(table: string, client: DynamoDBDocumentClient): RaincheckService {
  const config = { table, client };
  const built: Partial<Record<EntityName, unknown>> = {};
  const entities = {} as RaincheckEntities;
  for (const name of Object.keys(ENTITY_FACTORIES) as EntityName[]) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => (built[name] ??= ENTITY_FACTORIES[name](config)),
    });
  }
  /**
   * Runs `fn` once with every entity at hand (typed by ElectroDB as their transaction views: the
   * same objects); returns what it made and the entities it touched.
   */
  const traced = <E, R>(fn: (all: E) => R) => {
    const touched: Partial<RaincheckEntities> = {};
    const view = new Proxy(entities, {
      get(target, name, receiver) {
        const entity: unknown = Reflect.get(target, name, receiver);
        if (typeof name === 'string' && name in ENTITY_FACTORIES) Object.assign(touched, { [name]: entity });
        return entity;
      },
    });
    const made = fn(view as unknown as E);
    // ElectroDB sends through one of the entities it is given, even for an empty transaction.
    if (Object.keys(touched).length === 0) touched.profile = entities.profile;
    return { made, touched };
  };
  const transaction: RaincheckService['transaction'] = {
    write: (fn) => {
      const { made, touched } = traced(fn);
      return electrodb().createWriteTransaction(touched as RaincheckEntities, () => made);
    },
    get: (fn) => {
      const { made, touched } = traced(fn);
      return electrodb().createGetTransaction(touched as RaincheckEntities, () => made);
    },
  };
  return { entities, transaction, direct: config };
}
