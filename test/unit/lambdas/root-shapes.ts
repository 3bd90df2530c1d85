/**
 * What the tests of a Lambda's own composition root compare it with createAppRoot by: a configuration
 * with every channel set, and a value's shape.
 */
import { parseConfig } from '../../../lambdas/config';

export const rootTestConfig = (functionName: string) =>
  parseConfig({
    AWS_REGION: 'us-east-1',
    AWS_LAMBDA_FUNCTION_NAME: functionName,
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
export function shapeOf(value: unknown, depth = 0): unknown {
  if (typeof value === 'function') return 'function';
  if (value === null || typeof value !== 'object') return value;
  const kind = Object.getPrototypeOf(value)?.constructor?.name ?? 'null-prototype';
  if (depth > 2) return kind;
  const members = Object.entries(value).filter(([key]) => !key.startsWith('_'));
  return { kind, members: Object.fromEntries(members.map(([k, v]) => [k, shapeOf(v, depth + 1)])) };
}
