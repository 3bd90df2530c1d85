import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';

/**
 * Sits between the SPA and cognito-local so the local stack behaves like Cognito where the emulator
 * falls short:
 *  - the emails Cognito sends (sign-up and password-reset codes) are delivered to the local mailbox;
 *  - GetTokensFromRefreshToken (used by Amplify to refresh) becomes InitiateAuth REFRESH_TOKEN_AUTH;
 *  - ResendConfirmationCode re-sends the pending code.
 */
export interface CodeMail {
  to: string;
  subject: string;
  text: string;
}

export interface CognitoProxyOptions {
  upstream: string;
  /** Folder holding cognito-local's `<poolId>.json` files. */
  poolDbDir: string;
  userPoolId: () => string;
  sendMail: (mail: CodeMail) => Promise<void>;
}

interface PoolUser {
  Username: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value: string }[];
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export function findPendingCode(
  opts: CognitoProxyOptions,
  usernameOrEmail: string,
): { email: string; code: string } | null {
  const file = path.join(opts.poolDbDir, `${opts.userPoolId()}.json`);
  const pool = JSON.parse(fs.readFileSync(file, 'utf8')) as { Users?: Record<string, PoolUser> };
  const wanted = usernameOrEmail.toLowerCase();
  for (const user of Object.values(pool.Users ?? {})) {
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? '';
    if (user.Username.toLowerCase() === wanted || email.toLowerCase() === wanted) {
      return user.ConfirmationCode ? { email, code: user.ConfirmationCode } : null;
    }
  }
  return null;
}

const MAILS = {
  SignUp: (code: string) => ({
    subject: 'Your Raincheck verification code',
    text: `Welcome to Raincheck.\n\nYour verification code is ${code}\n\nEnter it on the registration page to confirm your email address.`,
  }),
  ResendConfirmationCode: (code: string) => ({
    subject: 'Your Raincheck verification code',
    text: `Your verification code is ${code}`,
  }),
  ForgotPassword: (code: string) => ({
    subject: 'Reset your Raincheck password',
    text: `Someone asked to reset the password of this Raincheck account.\n\nYour password reset code is ${code}\n\nIf it was not you, ignore this email.`,
  }),
} as const;

export function createCognitoProxy(opts: CognitoProxyOptions) {
  const app = new Hono();

  const forward = async (target: string, body: string) =>
    fetch(opts.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${target}` },
      body,
    });

  const relay = async (res: Response) =>
    new Response(await res.text(), {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/x-amz-json-1.1' },
    });

  const handler = async (c: {
    req: { header: (n: string) => string | undefined; text: () => Promise<string> };
  }) => {
    const target = (c.req.header('x-amz-target') ?? '').replace(TARGET_PREFIX, '');
    const body = await c.req.text();
    const input = safeJson(body);

    if (target === 'GetTokensFromRefreshToken') {
      const res = await forward(
        'InitiateAuth',
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }),
      );
      return relay(res);
    }

    if (target === 'ResendConfirmationCode') {
      const pending = typeof input.Username === 'string' ? findPendingCode(opts, input.Username) : null;
      if (!pending) {
        return Response.json(
          { __type: 'UserNotFoundException', message: 'User does not exist or is already confirmed.' },
          { status: 400 },
        );
      }
      await opts.sendMail({ to: pending.email, ...MAILS.ResendConfirmationCode(pending.code) });
      return Response.json({
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: maskEmail(pending.email),
        },
      });
    }

    const res = await forward(target, body);
    if (
      res.ok &&
      (target === 'SignUp' || target === 'ForgotPassword') &&
      typeof input.Username === 'string'
    ) {
      const pending = findPendingCode(opts, input.Username);
      if (pending) await opts.sendMail({ to: pending.email, ...MAILS[target](pending.code) });
    }
    if (
      res.ok &&
      target === 'ConfirmSignUp' &&
      typeof input.Username === 'string' &&
      input.Username.includes('@')
    ) {
      // Cognito marks the email verified when the emailed code confirms the sign-up; cognito-local does
      // not, and guest purchases link only to a verified email (lambdas/core/billing).
      await forward(
        'AdminUpdateUserAttributes',
        JSON.stringify({
          UserPoolId: opts.userPoolId(),
          Username: input.Username,
          // cognito-local wants the email beside email_verified; the username is the email in this pool.
          UserAttributes: [
            { Name: 'email', Value: input.Username },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    }
    return relay(res);
  };

  app.post('/__cognito', handler);
  app.post('/__cognito/', handler);
  return app;
}

function safeJson(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}
