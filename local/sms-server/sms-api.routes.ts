import { Hono, type Context } from 'hono';
import type { SmsStore } from './sms-store';

/**
 * The slice of AWS End User Messaging SMS (`pinpoint-sms-voice-v2`) the product calls, in its own
 * protocol (awsJson1_0: `POST /`, `X-Amz-Target: PinpointSMSVoiceV2.<Operation>`, errors as
 * `{"__type": …}` with status 400), so the real SDK client talks to it unchanged. Signatures are not
 * checked (the server listens on loopback only).
 */
const E164 = /^\+[1-9]\d{6,14}$/;

const awsError = (c: Context, type: string, message: string, extra: Record<string, string> = {}) =>
  c.json({ __type: type, Message: message, message, ...extra }, 400, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-errortype': type,
  });

export function smsApiRoutes(store: SmsStore, originationNumber: string) {
  return new Hono().post('/', async (c) => {
    const target = c.req.header('x-amz-target') ?? '';
    const [prefix, operation] = target.split('.');
    let input: Record<string, unknown>;
    try {
      input = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return awsError(c, 'SerializationException', 'The request body is not JSON');
    }
    if (prefix !== 'PinpointSMSVoiceV2')
      return awsError(c, 'UnknownOperationException', `Unknown target ${target}`);
    const ok = (body: unknown) => c.json(body, 200, { 'content-type': 'application/x-amz-json-1.0' });
    switch (operation) {
      case 'SendTextMessage': {
        const to = input.DestinationPhoneNumber;
        const body = input.MessageBody;
        if (typeof to !== 'string' || !E164.test(to))
          return awsError(c, 'ValidationException', 'DestinationPhoneNumber must be an E.164 number', {
            Reason: 'INVALID_PARAMETER',
          });
        if (typeof body !== 'string' || !body || body.length > 1600)
          return awsError(c, 'ValidationException', 'MessageBody must hold 1 to 1600 characters', {
            Reason: 'INVALID_PARAMETER',
          });
        if (store.optedOut.has(to))
          return awsError(c, 'ConflictException', 'The destination phone number is opted out', {
            Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
            ResourceType: 'opt-out-list',
            ResourceId: 'Default',
          });
        const from =
          typeof input.OriginationIdentity === 'string' ? input.OriginationIdentity : originationNumber;
        const sent = store.add({ to, from, body, direction: 'out' });
        return ok({ MessageId: sent.id });
      }
      case 'DescribeOptedOutNumbers':
        return ok({
          OptOutListName: 'Default',
          OptedOutNumbers: [...store.optedOut].map(([OptedOutNumber, at]) => ({
            OptedOutNumber,
            OptedOutTimestamp: Date.parse(at) / 1000,
            EndUserOptedOut: true,
          })),
        });
      default:
        return awsError(
          c,
          'UnknownOperationException',
          `The local SMS server does not implement ${operation}`,
        );
    }
  });
}
