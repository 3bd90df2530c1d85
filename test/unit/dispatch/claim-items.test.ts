import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createRaincheckService } from '../../../lambdas/adapters/dynamo/service';
import {
  claimCreated,
  claimItem,
  CREATE_ONLY,
  smsMessageItem,
  type ClaimState,
} from '../../../lambdas/adapters/dynamo/claim-items';
import type { MessageClaim } from '../../../lambdas/core/dispatch/dispatch.ports';

/** What ElectroDB's batch put renders: one BatchWriteItem request per 25 items. */
type BatchPutParams = { RequestItems: Record<string, unknown[]> }[];

// `params()` only renders the request: no endpoint is ever called.
const db = createRaincheckService(
  'raincheck',
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
);

const email: MessageClaim = {
  tenantId: 'Ab12-Cd34',
  jobsiteId: 'JS-9f',
  workDate: '2026-12-01',
  messageKey: 'notice:full',
  recipient: 'Ann.Lee@Example.com',
  kind: 'notice',
  verdict: 'full',
  audience: 'worker',
  recipientName: 'Ann Lee',
  jobsiteName: 'Harbor Tower',
  runId: 'run-1',
};

const claims: [string, MessageClaim][] = [
  ['an email notice', email],
  [
    'an update with the hours it reports',
    { ...email, kind: 'update', verdict: 'partial', messageKey: 'update:partial:3' },
  ],
  [
    'an all-clear to a client',
    { ...email, kind: 'allClear', verdict: 'none', audience: 'client', messageKey: 'allClear:none' },
  ],
  [
    'a text with its segments',
    { ...email, channel: 'sms', segments: 2, recipient: '+15555550123', messageKey: 'sms:notice:full' },
  ],
  ['an email said to be one', { ...email, channel: 'email' }],
  ['a message a member caused', { ...email, causedBy: 'Bo Chen' }],
  [
    'a manager escalation',
    { ...email, kind: 'escalation', audience: 'manager', messageKey: 'escalation:req-7' },
  ],
  ['names left empty', { ...email, recipientName: '', jobsiteName: '', runId: '' }],
  [
    'keys with separators in them',
    { ...email, recipient: 'a#b_c@x.io', jobsiteId: 'j#1_2', messageKey: 'notice:full#x' },
  ],
  [
    'names in other scripts',
    { ...email, recipientName: 'Zoë Ñúñez 李', jobsiteName: 'Straße № 5 — “north”' },
  ],
  [
    'a claim carrying fields the entity lacks',
    { ...email, somethingElse: 'dropped', status: 'SENT' } as unknown as MessageClaim,
  ],
];

const states: [string, ClaimState][] = [
  ['claimed', { status: 'PENDING', claimedAt: '2026-12-01T11:00:00.000Z' }],
  [
    'sent',
    {
      status: 'SENT',
      claimedAt: '2026-12-01T11:00:00.000Z',
      messageId: 'msg-01',
      sentAt: '2026-12-01T11:00:01.250Z',
    },
  ],
  ['failed', { status: 'FAILED', claimedAt: '2026-12-01T11:00:00.000Z' }],
];

const cases = claims.flatMap(([what, claim]) =>
  states.map(([state, fields]) => [`${what}, ${state}`, claim, fields] as const),
);

describe('claim items built without ElectroDB', () => {
  it.each(cases)('should put the item ElectroDB puts for %s', (_, claim, state) => {
    const [electro] = db.entities.notificationClaim.put([{ ...claim, ...state }]).params() as BatchPutParams;
    expect(electro!.RequestItems.raincheck).toEqual([{ PutRequest: { Item: claimItem(claim, state) } }]);
  });

  it.each(cases)(
    'should create the item ElectroDB creates, on the same condition, for %s',
    (_, claim, state) => {
      const electro = db.entities.notificationClaim.create({ ...claim, ...state }).params();
      expect({ Item: claimItem(claim, state), ...CREATE_ONLY }).toEqual({
        Item: electro.Item,
        ConditionExpression: electro.ConditionExpression,
        ExpressionAttributeNames: electro.ExpressionAttributeNames,
      });
    },
  );

  it('should write the claim ElectroDB writes in a transaction', () => {
    const [claim, state] = [claims[3]![1], states[0]![1]];
    const [electro] = db.transaction
      .write(({ notificationClaim }) => [notificationClaim.create({ ...claim, ...state }).commit()])
      .params().TransactItems;
    expect(claimCreated('raincheck', claim, state)).toEqual({ Put: (electro as { Put?: unknown }).Put });
  });

  it('should be read back by ElectroDB as the claim it was given', () => {
    const [claim, state] = [claims[5]![1], states[1]![1]];
    const item = claimItem(claim, state);
    const read = db.entities.notificationClaim.parse({ Item: item }).data;
    expect(read).toEqual({ ...claim, ...state });
  });

  it.each([
    ['a plain id', { messageId: 'msg-01', ...email }],
    ['an id with separators', { messageId: 'Ab#c_D-1', ...email, recipient: '+15555550123' }],
  ])('should put the text record ElectroDB puts for %s', (_, ref) => {
    const [electro] = db.entities.smsMessage.put([ref]).params() as BatchPutParams;
    expect(electro!.RequestItems.raincheck).toEqual([{ PutRequest: { Item: smsMessageItem(ref) } }]);
  });
});
