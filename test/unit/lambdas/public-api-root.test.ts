/**
 * Issue 26 item 8: the public API's Lambda builds its own root (lambdas/composition/public-api.root.ts)
 * instead of the api's createAppRoot, which the local stack and the integration tests still use for
 * `/v1`. So the `/v1` tests keep covering the Lambda, every adapter the public API's app is given must
 * be the one createAppRoot gives it: the same class, member by member, with the same settings.
 */
import { parseConfig } from '../../../lambdas/config';
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { createPublicApiRoot } from '../../../lambdas/composition/public-api.root';

// ESM only, which Jest's CommonJS runtime cannot load; the webhook transport only builds its agents.
jest.mock('request-filtering-agent', () => ({
  RequestFilteringHttpAgent: class {},
  RequestFilteringHttpsAgent: class {},
}));

const config = parseConfig({
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'raincheck-public-api',
  TABLE_NAME: 'raincheck-test',
  USER_POOL_ID: 'us-east-1_test',
  USER_POOL_CLIENT_ID: 'test-client',
  MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
  WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-test-webhooks',
  SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:us-east-1:123456789012:phone-number/phone-test',
  SMS_CONFIGURATION_SET: 'raincheck-test',
  UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-of-at-least-32-characters',
  APP_ORIGIN: 'https://test.example',
});

/** A value's shape: its class and, for plain objects, each member's; functions by their kind only. */
function shapeOf(value: unknown, depth = 0): unknown {
  if (typeof value === 'function') return 'function';
  if (value === null || typeof value !== 'object') return value;
  const kind = Object.getPrototypeOf(value)?.constructor?.name ?? 'null-prototype';
  if (depth > 2) return kind;
  const members = Object.entries(value).filter(([key]) => !key.startsWith('_'));
  return { kind, members: Object.fromEntries(members.map(([k, v]) => [k, shapeOf(v, depth + 1)])) };
}

describe("the public API's root", () => {
  const lambdaRoot = createPublicApiRoot(config);
  const appRoot = createAppRoot(config);

  it.each(Object.keys(createPublicApiRoot(config)))(
    'should give the public API the %s that createAppRoot gives it',
    (member) => {
      const ours = lambdaRoot[member as keyof typeof lambdaRoot];
      const theirs = appRoot[member as keyof typeof appRoot];
      if (member === 'dispatch' || member === 'ledger') {
        // createAppRoot's hold more (the dispatch's sender, the ledger's evidence): the ones named here match.
        for (const [key, value] of Object.entries(ours as object)) {
          expect({ key, shape: shapeOf(value) }).toEqual({
            key,
            shape: shapeOf((theirs as unknown as Record<string, unknown>)[key]),
          });
        }
        return;
      }
      expect(shapeOf(ours)).toEqual(shapeOf(theirs));
    },
  );

  it('should give every member the public API app takes but its logger', () => {
    expect(Object.keys(lambdaRoot).sort()).toEqual(
      [
        'accounts',
        'apiKeys',
        'clock',
        'dispatch',
        'events',
        'ids',
        'ledger',
        'noticeDefaults',
        'records',
        'sms',
      ].sort(),
    );
  });
});
