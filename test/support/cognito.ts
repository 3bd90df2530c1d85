import { TOTP, Secret } from 'otpauth';
import type { TestStackInfo } from './stack-process';

/** The seeded admin, whose sign-in asks for a TOTP code (local/cognito-mfa.ts). */
export const SEEDED_ADMIN_EMAIL = 'admin@raincheck.local';

/** The seeded admin's ID token (local/seed.ts), its second factor answered by `signIn`. */
export async function seededAdminToken(stack: TestStackInfo): Promise<string> {
  return (await signIn(stack, SEEDED_ADMIN_EMAIL, 'Admin-Passw0rd!')).IdToken;
}

/** The current code of an authenticator app holding `secret`, as a person would type it. */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** Talks to Cognito the way the SPA does: through the local proxy on the app's origin. */
export async function cognitoCall<T = Record<string, unknown>>(
  stack: TestStackInfo,
  target: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.appUrl}/__cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

/**
 * Signs in through the proxy; a TOTP challenge is answered with `totpSecret` (the seeded admin's by
 * default), as the admin's authenticator app would.
 */
export async function signIn(
  stack: TestStackInfo,
  email: string,
  password: string,
  totpSecret: string | undefined = email === SEEDED_ADMIN_EMAIL ? stack.adminTotpSecret : undefined,
): Promise<Tokens> {
  type Answer = { AuthenticationResult?: Tokens; ChallengeName?: string; Session?: string };
  let res = await cognitoCall<Answer>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.runtimeConfig.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (res.body.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
    res = await cognitoCall<Answer>(stack, 'RespondToAuthChallenge', {
      ClientId: stack.runtimeConfig.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: res.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
    });
  }
  if (!res.body.AuthenticationResult) throw new Error(`Sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.AuthenticationResult;
}

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** The newest email to `to` in the SES emulator's mailbox whose subject matches, waiting briefly. */
/** Sets up an authenticator app for a signed-in user through the proxy, as the settings page does. */
export async function setUpTotp(stack: TestStackInfo, tokens: Tokens): Promise<string> {
  const associated = await cognitoCall<{ SecretCode: string }>(stack, 'AssociateSoftwareToken', {
    AccessToken: tokens.AccessToken,
  });
  const secret = associated.body.SecretCode;
  const verified = await cognitoCall(stack, 'VerifySoftwareToken', {
    AccessToken: tokens.AccessToken,
    UserCode: totpCode(secret),
    FriendlyDeviceName: 'test phone',
  });
  if (verified.body.Status !== 'SUCCESS')
    throw new Error(`TOTP setup failed: ${JSON.stringify(verified.body)}`);
  return secret;
}

export async function latestEmailTo(stack: TestStackInfo, to: string, subject: RegExp): Promise<StoredEmail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${stack.mailboxUrl}/store`);
    const store = (await res.json()) as { emails: StoredEmail[] };
    const found = store.emails.filter((e) => e.destination.to.includes(to) && subject.test(e.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function codeFrom(email: StoredEmail): string {
  const match = /\b(\d{6})\b/.exec(email.body.text ?? email.body.html ?? '');
  if (!match) throw new Error(`No code in email "${email.subject}"`);
  return match[1]!;
}

/** Registers and confirms a new user with the emailed code, as a person would. */
export async function registerUser(stack: TestStackInfo, email: string, password: string): Promise<void> {
  const signUp = await cognitoCall(stack, 'SignUp', {
    ClientId: stack.runtimeConfig.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  if (signUp.status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  const code = codeFrom(await latestEmailTo(stack, email, /verification code/i));
  const confirm = await cognitoCall(stack, 'ConfirmSignUp', {
    ClientId: stack.runtimeConfig.userPoolClientId,
    Username: email,
    ConfirmationCode: code,
  });
  if (confirm.status !== 200) throw new Error(`ConfirmSignUp failed: ${JSON.stringify(confirm.body)}`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
