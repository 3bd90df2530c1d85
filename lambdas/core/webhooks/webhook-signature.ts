import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; each request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the secret's decoded
 * bytes. Any `standardwebhooks` library verifies it (the tests use the npm one, independently).
 */
export const SECRET_PREFIX = 'whsec_';
/** 32 bytes: above the specification's 24-byte minimum, the size of the HMAC's own output. */
const SECRET_BYTES = 32;

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(secret: string, id: string, at: Date, body: string): SignedHeaders {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
