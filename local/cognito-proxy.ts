import { Hono } from 'hono';
import type { CognitoPoolFile } from './cognito-pool-file';

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
  /** Where cognito-local keeps the codes it "sends". */
  poolFile: CognitoPoolFile;
  userPoolId: () => string;
  sendMail: (mail: CodeMail) => Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * What a browser may ask of Cognito: the public and user-token operations. Admin and pool operations
 * need AWS credentials in AWS; locally they must not be reachable from the app's origin either (no
 * making oneself an admin, no marking an email verified).
 */
export const BROWSER_TARGETS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

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

  /** The latest sign-up code per email, for ResendConfirmationCode (which cognito-local lacks). */
  const signUpCodes = new Map<string, string>();

  const handler = async (c: {
    req: { header: (n: string) => string | undefined; text: () => Promise<string> };
  }) => {
    const target = (c.req.header('x-amz-target') ?? '').replace(TARGET_PREFIX, '');
    if (!BROWSER_TARGETS.has(target)) {
      return Response.json(
        {
          __type: 'NotAuthorizedException',
          message: `${target || 'This operation'} is not available to the browser.`,
        },
        { status: 400 },
      );
    }
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
      const email = typeof input.Username === 'string' ? input.Username.toLowerCase() : '';
      const code = signUpCodes.get(email);
      const pending = code ? { email, code } : null;
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

    const sendsCode =
      (target === 'SignUp' || target === 'ForgotPassword') && typeof input.Username === 'string';
    const previousCode = sendsCode ? opts.poolFile.codeFor(String(input.Username)) : null;
    const res = await forward(target, body);
    if (
      res.ok &&
      (target === 'SignUp' || target === 'ForgotPassword') &&
      typeof input.Username === 'string'
    ) {
      const email = input.Username.toLowerCase();
      const code = await opts.poolFile.waitForNewCode(email, previousCode);
      if (!code) console.error(`[cognito-proxy] no ${target} code found for ${email}`);
      if (code) {
        if (target === 'SignUp') signUpCodes.set(email, code);
        await opts.sendMail({ to: email, ...MAILS[target](code) });
      }
    }
    if (res.ok && target === 'ConfirmSignUp' && typeof input.Username === 'string') {
      signUpCodes.delete(input.Username.toLowerCase());
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
