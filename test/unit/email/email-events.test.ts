import {
  addressOf,
  applySesEvent,
  parseSesEvent,
  secretMatches,
  sesEventsFromBody,
  sesEventsFromSns,
} from '../../../lambdas/core/email/email-events';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { FakeSuppressionList, FakeWorkerStatusRepo, fixedClock } from './fakes';

const bounce = (bounceType: string, ...emails: string[]) => ({
  eventType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType: 'General',
    bouncedRecipients: emails.map((emailAddress) => ({ emailAddress, status: '5.1.1' })),
  },
  mail: { messageId: 'msg-1', destination: emails },
});
const complaint = (...emails: string[]) => ({
  eventType: 'Complaint',
  complaint: { complainedRecipients: emails.map((emailAddress) => ({ emailAddress })) },
  mail: { messageId: 'msg-2' },
});

describe('parseSesEvent', () => {
  it.each([
    [
      bounce('Permanent', 'Ana@Example.com'),
      { kind: 'bounced', emails: ['ana@example.com'], messageId: 'msg-1' },
    ],
    [complaint('bob@example.com'), { kind: 'unsubscribed', emails: ['bob@example.com'], messageId: 'msg-2' }],
    [
      {
        ...bounce('Permanent', 'a@example.com', 'a@example.com', 'B <b@example.com>'),
        eventType: undefined,
        notificationType: 'Bounce',
      },
      { kind: 'bounced', emails: ['a@example.com', 'b@example.com'], messageId: 'msg-1' },
    ],
  ])('should read %j', (event, expected) => {
    expect(parseSesEvent(event)).toEqual(expected);
  });

  it.each([
    ['a transient bounce', bounce('Transient', 'a@example.com')],
    ['an undetermined bounce', bounce('Undetermined', 'a@example.com')],
    ['a delivery', { eventType: 'Delivery', delivery: {}, mail: {} }],
    ['a bounce without recipients', bounce('Permanent')],
    ['not an object', 'Bounce'],
    ['null', null],
    ['an event type whose toString is not a function', { eventType: [{ toString: {} }], Type: null }],
    [
      'a bounce type whose toString is not a function',
      { eventType: 'Bounce', bounce: { bounceType: { toString: 1 } } },
    ],
  ])('should ignore %s', (_label, event) => {
    expect(parseSesEvent(event).kind).toBe('ignored');
  });

  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['Ana Silva <ANA@example.com>', 'ana@example.com'],
    ['not an address', null],
    [42, null],
  ])('should read the address of %j as %j', (value, expected) => {
    expect(addressOf(value)).toBe(expected);
  });
});

describe('SNS envelopes', () => {
  it('should unwrap each record of an SNS-to-Lambda event and skip one that is not JSON', () => {
    const event = {
      Records: [
        { Sns: { Message: JSON.stringify(complaint('a@example.com')) } },
        { Sns: { Message: '{not json' } },
      ],
    };
    expect(sesEventsFromSns(event)).toEqual([complaint('a@example.com'), null]);
  });

  it('should accept a bare event, an SNS notification and an SNS-to-Lambda event as a request body', () => {
    const event = bounce('Permanent', 'a@example.com');
    expect(sesEventsFromBody(event)).toEqual([event]);
    expect(sesEventsFromBody({ Type: 'Notification', Message: JSON.stringify(event) })).toEqual([event]);
    expect(sesEventsFromBody({ Records: [{ Sns: { Message: JSON.stringify(event) } }] })).toEqual([event]);
  });
});

describe('applySesEvent', () => {
  function repo() {
    const workers = new FakeWorkerStatusRepo();
    workers.add('tenant-1', { id: 'w1', email: 'ana@example.com' });
    workers.add('tenant-2', { id: 'w9', email: 'ana@example.com' });
    workers.add('tenant-1', { id: 'w2', email: 'bob@example.com' });
    return workers;
  }
  let suppressions: FakeSuppressionList;
  beforeEach(() => (suppressions = new FakeSuppressionList()));

  it('should mark every worker record of a hard-bounced address bounced, in every account', async () => {
    const workers = repo();
    const result = await applySesEvent(bounce('Permanent', 'ana@example.com'), {
      workers,
      suppressions,
      clock: fixedClock,
    });
    expect(result).toEqual({ action: 'bounced', marked: 2, matched: 2 });
    expect(await suppressions.reasonsOf(tenantFromStore('tenant-2'))).toEqual(
      new Map([['ana@example.com', 'bounced']]),
    );
    expect(workers.statusOf('tenant-1', 'w1')).toBe('bounced');
    expect(workers.statusOf('tenant-2', 'w9')).toBe('bounced');
    expect(workers.statusOf('tenant-1', 'w2')).toBe('active');
  });

  it('should mark a complaining address unsubscribed, and change nothing when the event comes again', async () => {
    const workers = repo();
    await applySesEvent(complaint('bob@example.com'), { workers, suppressions, clock: fixedClock });
    const again = await applySesEvent(complaint('bob@example.com'), {
      workers,
      suppressions,
      clock: fixedClock,
    });
    expect(workers.statusOf('tenant-1', 'w2')).toBe('unsubscribed');
    expect((await suppressions.reasonsOf(tenantFromStore('tenant-1'))).get('bob@example.com')).toBe(
      'complained',
    );
    expect(again).toEqual({ action: 'unsubscribed', marked: 0, matched: 1 });
  });

  it('should change nothing on a transient bounce', async () => {
    const workers = repo();
    await applySesEvent(bounce('Transient', 'ana@example.com'), { workers, suppressions, clock: fixedClock });
    expect(workers.statusOf('tenant-1', 'w1')).toBe('active');
    expect(suppressions.entries.size).toBe(0);
  });
});

describe('secretMatches', () => {
  it.each([
    ['the-shared-secret', 'the-shared-secret', true],
    ['the-shared-secreT', 'the-shared-secret', false],
    [undefined, 'the-shared-secret', false],
    ['', '', false],
  ])('should compare %j with %j as %s', (presented, expected, result) => {
    expect(secretMatches(presented, expected)).toBe(result);
  });
});
