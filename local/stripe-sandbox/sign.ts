import { createHmac } from 'node:crypto';

/** The `Stripe-Signature` header exactly as Stripe computes it: `t=<ts>,v1=HMAC-SHA256(secret, "<ts>.<payload>")`. */
export function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
