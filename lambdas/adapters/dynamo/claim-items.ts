import type { MessageClaim } from '../../core/dispatch/dispatch.ports';
import type { SmsMessageRef } from '../../core/sms/sms.ports';
import { SERVICE, TABLE_KEYS } from './entities/table';

/**
 * A message's claim, its mark and a text's message record as the items ElectroDB writes for
 * `notificationClaim` and `smsMessage` (dispatch-decision.entity.ts, sms.entity.ts): the same
 * attributes, keys, index keys and `__edb_e__`/`__edb_v__`, so ElectroDB reads them back as its own.
 * Built by hand because a dispatch writes thousands of them a run, and ElectroDB's per-call work
 * (schema walk, validation, key building, expression building) was a tenth of the worker's CPU
 * (issue 26 item 5). test/unit/dispatch/claim-items.test.ts compares every builder here with
 * ElectroDB's own `.params()` over a table of cases: a change to either entity fails it.
 */

/** What a claim's item says about its state (absent fields are left out, as ElectroDB leaves them). */
export interface ClaimState {
  status: 'PENDING' | 'SENT' | 'FAILED';
  claimedAt: string;
  messageId?: string;
  sentAt?: string;
}

/** The claim's own attributes, in the entity's order (ElectroDB writes only the schema's attributes). */
const CLAIM_FIELDS = [
  'tenantId',
  'jobsiteId',
  'workDate',
  'messageKey',
  'recipient',
  'kind',
  'verdict',
  'audience',
  'recipientName',
  'jobsiteName',
  'runId',
  'causedBy',
  'channel',
  'segments',
] as const satisfies readonly (keyof MessageClaim)[];

const PARTITION = `$${SERVICE}#tenantId_`;
const CLAIM_PREFIX = '$notificationClaim_1';

type Item = Record<string, unknown>;

/** A claim's item: the entity's attributes, `pk`/`sk` (byMessage) and `gsi1pk`/`gsi1sk` (byTenantTime). */
export function claimItem(claim: MessageClaim, state: ClaimState): Item {
  const item: Item = {};
  for (const field of CLAIM_FIELDS) if (claim[field] !== undefined) item[field] = claim[field];
  item.status = state.status;
  item.claimedAt = state.claimedAt;
  if (state.messageId !== undefined) item.messageId = state.messageId;
  if (state.sentAt !== undefined) item.sentAt = state.sentAt;
  const partition = PARTITION + claim.tenantId;
  item[TABLE_KEYS.pk] = partition;
  item[TABLE_KEYS.sk] =
    `${CLAIM_PREFIX}#jobsiteId_${claim.jobsiteId}#workDate_${claim.workDate}` +
    `#messageKey_${claim.messageKey}#recipient_${claim.recipient}`;
  item[TABLE_KEYS.gsi1.pk] = partition;
  item[TABLE_KEYS.gsi1.sk] = `${CLAIM_PREFIX}#claimedAt_${state.claimedAt}#recipient_${claim.recipient}`;
  item.__edb_e__ = 'notificationClaim';
  item.__edb_v__ = '1';
  return item;
}

/** ElectroDB's `create` condition: the put lands only where no item has the key. */
export const CREATE_ONLY = {
  ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
  ExpressionAttributeNames: { '#pk': TABLE_KEYS.pk, '#sk': TABLE_KEYS.sk },
} as const;

/** A text's message record (id → its claim's key), as `smsMessage.put` writes it. */
export function smsMessageItem(ref: SmsMessageRef): Item {
  return {
    messageId: ref.messageId,
    tenantId: ref.tenantId,
    jobsiteId: ref.jobsiteId,
    workDate: ref.workDate,
    messageKey: ref.messageKey,
    recipient: ref.recipient,
    [TABLE_KEYS.pk]: `$${SERVICE}#messageId_${ref.messageId}`,
    [TABLE_KEYS.sk]: '$smsMessage_1',
    __edb_e__: 'smsMessage',
    __edb_v__: '1',
  };
}

/** A claim taken in a transaction: its PENDING item put only where none has the key. */
export function claimCreated(table: string, claim: MessageClaim, state: ClaimState) {
  return { Put: { TableName: table, Item: claimItem(claim, state), ...CREATE_ONLY } };
}
