import type * as SmsSegments from 'sms-segments-calculator';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * `sms-segments-calculator` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in
 * infra/bundling/lambda-bundling.ts): with grapheme-splitter, 36 KB parsed by the first text measured
 * (a worker's "Reply YES" text), not at every cold start of the api. Only what our code uses is here.
 */
const smsSegments = requiredOnFirstUse<typeof SmsSegments>(
  'sms-segments-calculator',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('sms-segments-calculator.on-first-use'),
);

/** The package's `SegmentedMessage`: `new SegmentedMessage(body, encoding)` makes one of its own. */
export const SegmentedMessage = function SegmentedMessage(
  ...args: ConstructorParameters<typeof SmsSegments.SegmentedMessage>
) {
  return new (smsSegments().SegmentedMessage)(...args);
} as unknown as typeof SmsSegments.SegmentedMessage;
