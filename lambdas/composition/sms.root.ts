import type { BrandLookup } from '../core/brand/brand';
import { DynamoClaimRepo } from '../adapters/dynamo/dispatch.repo';
import { DynamoSmsAllowance, DynamoSmsConsents, DynamoSmsDeliveries } from '../adapters/dynamo/sms.repo';
import { EndUserMessagingSender } from '../adapters/sms/end-user-messaging.sender';
import type { AccountRepo } from '../core/account/account.ports';
import { tenantFromStore, type TenantId } from '../core/caller';
import { workersWithIds } from '../core/records/jobsite-workers';
import type { RecordsStore } from '../core/records/records.ports';
import type { InboundDeps } from '../core/sms/inbound-texts';
import type { TextDeps } from '../core/sms/send-texts';
import type { ConfirmationReplies } from '../core/sms/sms.ports';
import { answerBySms } from '../core/confirmations/answer-confirmation';
import type { EventPublisher } from '../core/webhooks/webhook.ports';
import type { NoticeDetailsTokens } from '../core/notices/notice-link';
import { shortNoticeUrl } from '../core/notices/notice-short-codes';
import { DynamoNoticeShortCodes } from '../adapters/dynamo/notice-short-codes.repo';
import type { WorkerSmsDeps } from '../core/sms/worker-sms';
import type { EscalationTexter } from '../core/confirmations/confirmation.ports';
import { smsEscalationTexter } from '../core/sms/escalation-texts';
import { effectivePlan } from '../../shared/subscription';
import { confirmationRepoOf } from './confirmations.root';
import type { DataRoot } from './data.root';
import { builtOnFirstUse } from './built-on-first-use';

export interface SmsRoot {
  worker: WorkerSmsDeps;
  texts: TextDeps;
  inbound: InboundDeps;
  deliveries: DynamoSmsDeliveries;
  /** The managers' escalation texts (the confirmations sweep claims each escalation once). */
  escalations: EscalationTexter;
}

/**
 * The SMS channel, built only when an origination identity is configured (the CDK app sets it in
 * AWS, the local stack points it at the local SMS server); without one, notices go by email only.
 */
export function createSmsRoot(
  data: DataRoot,
  opts: {
    accounts: AccountRepo;
    records: RecordsStore;
    /** The details link's signer and the app's origin: a notice text links the page the email links, by short code. */
    noticeLinks?: { tokens: Pick<NoticeDetailsTokens, 'sign'>; appOrigin: string };
    /** Webhooks: a foreman's answer by text raises `confirmation.received`, as one by link does. */
    events?: EventPublisher;
    /** A white-labelled account's texts name its brand (issue 24). */
    brands?: BrandLookup;
  },
): SmsRoot | undefined {
  const identity = data.config.SMS_ORIGINATION_IDENTITY;
  if (!identity) return undefined;
  // Its SDK client is made with it: on the first text, not at load.
  const sender = builtOnFirstUse(
    () =>
      new EndUserMessagingSender({
        region: data.config.AWS_REGION,
        originationIdentity: identity,
        configurationSet: data.config.SMS_CONFIGURATION_SET,
        endpoint: data.config.SMS_ENDPOINT,
      }),
  );
  const consents = new DynamoSmsConsents(data.db);
  const allowance = new DynamoSmsAllowance(data.db);
  const deliveries = new DynamoSmsDeliveries(data.db);
  // A foreman's "1" or "2" answers their latest open confirmation request (core/confirmations).
  const confirmationRepo = confirmationRepoOf(data);
  const confirmations: ConfirmationReplies = {
    answerBySms: (accountId, workerId, answer) =>
      answerBySms(
        { repo: confirmationRepo, clock: data.clock, events: opts.events },
        { accountId, workerId, answer },
      ),
  };
  const links = opts.noticeLinks;
  const codes = new DynamoNoticeShortCodes(data.db);
  const accountOf = async (tenant: string) => {
    const [subscription, profile, brand] = await Promise.all([
      opts.accounts.getSubscription(tenant),
      opts.accounts.getProfile(tenant),
      opts.brands ? opts.brands(tenantFromStore(tenant)) : null,
    ]);
    return {
      plan: subscription ? effectivePlan(subscription) : ('none' as const),
      company: brand?.companyName ?? profile?.company ?? profile?.name ?? 'Raincheck',
    };
  };
  const workersOf = (tenant: string) => opts.records.workers.list(tenantFromStore(tenant));
  const byIds = (tenant: TenantId, ids: readonly string[]) =>
    workersWithIds(tenant, ids, opts.records.workers);
  const sending = {
    consents,
    sender,
    allowance,
    claims: new DynamoClaimRepo(data.db),
    deliveries,
    clock: data.clock,
  };
  return {
    worker: { consents, sender, allowance, clock: data.clock, accountOf },
    // Escalation texts go the notice texts' way: claimed, counted, in the send history.
    escalations: smsEscalationTexter({ ...sending, accountOf, workersWithIds: byIds }),
    texts: {
      ...sending,
      ...(links ? { detailsUrl: (ref) => shortNoticeUrl({ ...links, codes }, ref) } : {}),
    },
    inbound: {
      consents,
      sender,
      workersOf,
      confirmations,
    },
    deliveries,
  };
}
