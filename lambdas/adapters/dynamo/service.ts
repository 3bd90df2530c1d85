import { Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { accountCustomerEntity } from './entities/account-customer.entity';
import { billingCustomerEntity } from './entities/billing-customer.entity';
import { billingEntryEntity } from './entities/billing-entry.entity';
import { clientEntity } from './entities/client.entity';
import { crewEntity } from './entities/crew.entity';
import { dispatchDecisionEntity, notificationClaimEntity } from './entities/dispatch-decision.entity';
import { dayObservationEntity } from './entities/day-observation.entity';
import { reportDefinitionEntity } from './entities/report-definition.entity';
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
import { supportEntities } from './entities/support-entities';
import { membershipEntity } from './entities/membership.entity';
import { teamInviteEntity } from './entities/team-invite.entity';
import { accountAuditEntity } from './entities/account-audit.entity';
import { noticeShortCodeEntity } from './entities/notice-short-code.entity';
import { webhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { webhookEndpointEntity } from './entities/webhook-endpoint.entity';

export { TABLE_KEYS } from './entities/table';

/** Every entity of the one table, grouped in one ElectroDB Service (one file per entity). */
export function createRaincheckService(table: string, client: DynamoDBDocumentClient) {
  const config = { table, client };
  return new Service({
    profile: profileEntity(config),
    subscription: subscriptionEntity(config),
    billingCustomer: billingCustomerEntity(config),
    accountCustomer: accountCustomerEntity(config),
    subscriptionOwner: subscriptionOwnerEntity(config),
    billingEntry: billingEntryEntity(config),
    stripeEventReceipt: stripeEventReceiptEntity(config),
    dispatchRun: dispatchRunEntity(config),
    dispatchBatch: dispatchBatchEntity(config),
    client: clientEntity(config),
    crew: crewEntity(config),
    worker: workerEntity(config),
    jobsite: jobsiteEntity(config),
    noticeSlot: noticeSlotEntity(config),
    zoneInUse: zoneInUseEntity(config),
    dispatchDecision: dispatchDecisionEntity(config),
    notificationClaim: notificationClaimEntity(config),
    dayObservation: dayObservationEntity(config),
    reportDefinition: reportDefinitionEntity(config),
    emailTemplate: emailTemplateEntity(config),
    forecastCache: forecastCacheEntity(config),
    deliveryDay: deliveryDayEntity(config),
    heldMessage: heldMessageEntity(config),
    signIn: signInEntity(config),
    adminSettings: adminSettingsEntity(config),
    recordGuard: recordGuardEntity(config),
    idempotencyRecord: idempotencyRecordEntity(config),
    suppressedAddress: suppressedAddressEntity(config),
    rateWindow: rateWindowEntity(config),
    holidayCalendar: holidayCalendarEntity(config),
    smsConsent: smsConsentEntity(config),
    smsUsage: smsUsageEntity(config),
    smsMessage: smsMessageEntity(config),
    confirmationRequest: confirmationRequestEntity(config),
    apiKey: apiKeyEntity(config),
    ...supportEntities(config),
    membership: membershipEntity(config),
    teamInvite: teamInviteEntity(config),
    accountAudit: accountAuditEntity(config),
    noticeShortCode: noticeShortCodeEntity(config),
    webhookEndpoint: webhookEndpointEntity(config),
    webhookDelivery: webhookDeliveryEntity(config),
  });
}

export type RaincheckService = ReturnType<typeof createRaincheckService>;
