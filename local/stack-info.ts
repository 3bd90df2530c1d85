import type { LambdaConfig } from '../lambdas/config';
import type { RuntimeConfig } from '../shared/runtime-config';

/**
 * Where a running local stack's parts answer and the secrets a client of it needs: what `startStack`
 * answers and what serve-for-tests.ts prints on its READY line for the integration and e2e tests.
 */
export interface StackInfo {
  appUrl: string;
  mailboxUrl: string;
  /** The local SMS server's phone outbox (GET /messages, POST /inbound: every text, replies typed as the phone). */
  smsOutboxUrl: string;
  cognitoUrl: string;
  dynamoUrl: string;
  lambdaConfig: LambdaConfig;
  runtimeConfig: RuntimeConfig;
  /** The local payments sandbox (null when real Stripe keys are set) and the webhook secret in use. */
  stripeSandboxUrl: string | null;
  /** The sandbox's control token (header x-sandbox-token), also kept in the data folder at the file named. */
  stripeSandboxToken: string | null;
  stripeSandboxTokenFile: string | null;
  stripeWebhookSecret: string;
  /** The shared secret of the local `POST /api/email-events` route (header x-raincheck-email-events-secret). */
  emailEventsSecret: string;
  /**
   * The seeded admin's TOTP secret (base32): made on the first start, kept in the data folder; the
   * tests' `signIn` answers the admin's second-factor challenge with it.
   */
  adminTotpSecret: string;
  /** The local OIDC provider an owner can register on /settings/sso (any typed address signs in; issue 24). */
  demoOidcProvider: { issuer: string; clientId: string; clientSecret: string };
}
