/* eslint-disable @typescript-eslint/no-explicit-any -- callers read the Stripe-shaped answers loosely, as tests do. */
import { SANDBOX_TOKEN_HEADER } from './sandbox-secrets';

/** Where a running sandbox is and the token of its control routes. */
export interface SandboxAccess {
  url: string;
  token: string;
}

/** The test card with an expiry three years ahead, as a control route's payment body. */
export function testCardPayment(): Record<string, unknown> {
  return {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
}

/** One call to a control route (`/__sandbox/*`) with the token, JSON in and out. */
export async function sandboxControl(
  access: SandboxAccess,
  pathname: string,
  body: unknown = {},
  method: 'GET' | 'POST' | 'DELETE' = 'POST',
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${access.url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', [SANDBOX_TOKEN_HEADER]: access.token },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Pays a checkout session with the test card through the control route, delivering its events. */
export async function payWithTestCard(
  access: SandboxAccess,
  sessionId: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  return sandboxControl(access, `/__sandbox/checkout/${sessionId}/pay`, {
    ...testCardPayment(),
    deliver: true,
    ...extra,
  });
}
