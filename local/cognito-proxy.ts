import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../shared/password-policy';
import type { CognitoPoolFile } from './cognito-pool-file';
import { LOCAL_CREDENTIALS } from './settings';
import type { CognitoProxyHooks } from './cognito-mfa'; // mfa hook

/**
 * Sits between the SPA and cognito-local so the local stack behaves like Cognito where the emulator
 * falls short:
 *  - it lets through only what a browser may ask of Cognito, each request checked against the
 *    operation's shape first (cognito-local answers malformed input with 500s and HTML stack traces);
 *  - it enforces what Cognito enforces and the emulator does not: the pool's password policy
 *    (shared/password-policy.ts) and the app client's write attributes (sign-up may set `email`, equal
 *    to the username, and nothing else: cognito-local would let a caller set `sub` and take over an
 *    account, or add a second email and have a stranger's address verified);
 *  - the emails Cognito sends (sign-up and password-reset codes) are delivered to the local mailbox;
 *  - GetTokensFromRefreshToken (used by Amplify to refresh) becomes InitiateAuth REFRESH_TOKEN_AUTH;
 *    ResendConfirmationCode re-sends the pending code; GlobalSignOut checks the token (cognito-local
 *    lacks all three);
 *  - a disabled user (AdminDisableUser) cannot sign in or refresh: Cognito answers NotAuthorizedException
 *    "User is disabled."; cognito-local never looks at `Enabled`;
 *  - every answer is JSON in Cognito's error shape `{ __type, message }`, never the emulator's HTML.
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
  /** mfa hook: TOTP, challenge sessions and sign-out (local/cognito-mfa.ts). */
  hooks?: CognitoProxyHooks;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** JSON bodies above this size are refused with 413 before they are read further. */
export const MAX_BODY_BYTES = 64 * 1024;

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

/** A refusal in Cognito's error shape. */
export class CognitoProxyError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 500 | 502 = 400,
  ) {
    super(message);
  }
}

// --- Request shapes (lengths and patterns from the Cognito API reference) --------------------------

/** Control characters, format characters such as bidi overrides, lone surrogates. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+]+$/);
const username = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'letters, digits, symbols and punctuation only');
const emailUsername = username.regex(/^[^@]+@[^@]+\.[^@]+$/, 'an email address');
const password = z
  .string()
  .min(1)
  .max(256)
  .refine((s) => !/[\p{Cc}\p{Cs}]/u.test(s), 'no control characters');
const code = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^\S+$/, 'no spaces')
  .refine((s) => !UNPRINTABLE.test(s), 'no control characters');
const token = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9\-_=.]+$/, 'a token');
const session = z
  .string()
  .min(20)
  .max(2048)
  .refine((s) => !UNPRINTABLE.test(s), 'no control characters');
const stringMap = z
  .record(z.string().min(1).max(128), z.string().max(16_384))
  .refine((m) => Object.keys(m).length <= 20, 'at most 20 entries');
const attributes = z
  .array(z.object({ Name: z.string().min(1).max(32), Value: z.string().max(2048) }))
  .max(50);

const SCHEMAS = {
  InitiateAuth: z
    .object({
      AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'], {
        error: 'USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH (the local emulator has no SRP or custom auth)',
      }),
      ClientId: clientId,
      AuthParameters: stringMap,
      ClientMetadata: stringMap.optional(),
    })
    .superRefine((v, ctx) => {
      const needs = v.AuthFlow === 'USER_PASSWORD_AUTH' ? ['USERNAME', 'PASSWORD'] : ['REFRESH_TOKEN'];
      for (const name of needs) {
        if (!v.AuthParameters[name]) {
          ctx.addIssue({ code: 'custom', path: ['AuthParameters', name], message: 'required' });
        }
      }
    }),
  RespondToAuthChallenge: z.object({
    ClientId: clientId,
    ChallengeName: z.enum(['NEW_PASSWORD_REQUIRED', 'SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE']),
    Session: session.optional(),
    ChallengeResponses: stringMap.refine((m) => typeof m.USERNAME === 'string' && m.USERNAME !== '', {
      message: 'USERNAME is required',
    }),
    ClientMetadata: stringMap.optional(),
  }),
  SignUp: z.object({
    ClientId: clientId,
    Username: emailUsername,
    Password: password,
    UserAttributes: attributes.optional(),
    ClientMetadata: stringMap.optional(),
  }),
  ConfirmSignUp: z.object({
    ClientId: clientId,
    Username: username,
    ConfirmationCode: code,
    ClientMetadata: stringMap.optional(),
  }),
  ResendConfirmationCode: z.object({ ClientId: clientId, Username: username }),
  ForgotPassword: z.object({ ClientId: clientId, Username: username, ClientMetadata: stringMap.optional() }),
  ConfirmForgotPassword: z.object({
    ClientId: clientId,
    Username: username,
    ConfirmationCode: code,
    Password: password,
    ClientMetadata: stringMap.optional(),
  }),
  ChangePassword: z.object({
    AccessToken: token,
    PreviousPassword: password,
    ProposedPassword: password,
  }),
  GetUser: z.object({ AccessToken: token }),
  GlobalSignOut: z.object({ AccessToken: token }),
  RevokeToken: z.object({ Token: token, ClientId: clientId }),
  GetTokensFromRefreshToken: z.object({ ClientId: clientId, RefreshToken: token }),
} satisfies Record<string, z.ZodType>;

type Target = keyof typeof SCHEMAS;
type Input<T extends Target> = z.infer<(typeof SCHEMAS)[T]>;

/**
 * Parses and checks one browser request. Wrong JSON or wrong types are a SerializationException, as in
 * AWS; values outside their constraints an InvalidParameterException. Unknown fields are dropped.
 */
export function parseRequest<T extends Target>(target: T, body: string): Input<T> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new CognitoProxyError('SerializationException', 'The request body is not valid JSON.');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new CognitoProxyError('SerializationException', 'The request body must be a JSON object.');
  }
  const parsed = SCHEMAS[target].safeParse(json);
  if (parsed.success) return parsed.data as Input<T>;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map(String).join('.') || 'request';
  if (issue.code === 'invalid_type') {
    if (valueAt(json, issue.path) === undefined) {
      throw new CognitoProxyError(
        'InvalidParameterException',
        `1 validation error detected: Value at '${where}' failed to satisfy constraint: Member must not be null`,
      );
    }
    throw new CognitoProxyError('SerializationException', `Wrong type for ${where}.`);
  }
  throw new CognitoProxyError(
    'InvalidParameterException',
    `1 validation error detected: Value at '${where}' failed to satisfy constraint: ${issue.message}`,
  );
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/** Cognito's own messages when a password breaks the pool's policy, or null when it complies. */
export function passwordPolicyViolation(
  value: string,
  policy: {
    readonly [K in keyof typeof PASSWORD_POLICY]: (typeof PASSWORD_POLICY)[K] extends number
      ? number
      : boolean;
  } = PASSWORD_POLICY,
): string | null {
  const rules: Array<[boolean, RegExp | null, string]> = [
    [true, null, 'Password not long enough'],
    [policy.requireLowercase, /\p{Ll}/u, 'Password must have lowercase characters'],
    [policy.requireUppercase, /\p{Lu}/u, 'Password must have uppercase characters'],
    [policy.requireDigits, /\d/, 'Password must have numeric characters'],
    [
      policy.requireSymbols,
      /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/,
      'Password must have symbol characters',
    ],
  ];
  if ([...value].length < policy.minLength) return `Password did not conform with policy: ${rules[0]![2]}`;
  for (const [required, pattern, message] of rules.slice(1)) {
    if (required && pattern && !pattern.test(value))
      return `Password did not conform with policy: ${message}`;
  }
  return null;
}

function enforcePasswordPolicy(value: string): void {
  const violation = passwordPolicyViolation(value);
  if (violation) throw new CognitoProxyError('InvalidPasswordException', violation);
}

/**
 * The attributes a sign-up may write: exactly `email`, equal to the username (added when none are sent),
 * as the CDK app client allows (infra/constructs/auth.construct.ts). Anything else is refused the way
 * Cognito refuses it.
 */
export function signUpAttributes(
  user: string,
  sent: { Name: string; Value: string }[] | undefined,
): { Name: 'email'; Value: string }[] {
  if (!sent || sent.length === 0) return [{ Name: 'email', Value: user }];
  if (sent.some((a) => a.Name !== 'email')) {
    throw new CognitoProxyError(
      'NotAuthorizedException',
      'A client attempted to write unauthorized attribute',
    );
  }
  if (sent.length !== 1) {
    throw new CognitoProxyError('InvalidParameterException', 'Only one email attribute may be sent.');
  }
  if (sent[0]!.Value !== user) {
    throw new CognitoProxyError('InvalidParameterException', 'The email attribute must equal the username.');
  }
  return [{ Name: 'email', Value: user }];
}

/**
 * The email to mark verified after a confirmed sign-up: the user's single email, and only when it is the
 * username the code was confirmed under (the code went to that address). Otherwise none.
 */
export function emailToVerify(
  confirmedUsername: string,
  userAttributes: { Name?: string; Value?: string }[] | undefined,
): string | null {
  const emails = (userAttributes ?? []).filter((a) => a.Name === 'email');
  if (emails.length !== 1) return null;
  const email = emails[0]!.Value ?? '';
  return email !== '' && email.toLowerCase() === confirmedUsername.toLowerCase() ? email : null;
}

// --- The proxy ---------------------------------------------------------------------------------------

const JSON_TYPE = 'application/x-amz-json-1.1';

function errorResponse(err: CognitoProxyError): Response {
  return new Response(JSON.stringify({ __type: err.type, message: err.message }), {
    status: err.status,
    headers: { 'content-type': JSON_TYPE },
  });
}

export function createCognitoProxy(opts: CognitoProxyOptions) {
  const app = new Hono();
  // Admin calls of the post-confirm step are signed, as cognito-local's gate requires (local/emulators.ts).
  const admin = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: opts.upstream,
    credentials: LOCAL_CREDENTIALS,
  });

  const forward = async (target: string, input: unknown): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(opts.upstream, {
        method: 'POST',
        headers: { 'content-type': JSON_TYPE, 'x-amz-target': `${TARGET_PREFIX}${target}` },
        body: JSON.stringify(input),
      });
    } catch (err) {
      console.error('[cognito-proxy] cognito-local unreachable:', err);
      throw new CognitoProxyError(
        'InternalErrorException',
        'The local Cognito emulator is not running.',
        502,
      );
    }
    return sanitize(target, res);
  };

  /** Passes on what cognito-local says when it is JSON in Cognito's shape; never its crashes or HTML. */
  const sanitize = async (target: string, res: Response): Promise<Response> => {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (res.ok && isObject) {
      return new Response(text, { status: 200, headers: { 'content-type': JSON_TYPE } });
    }
    const type = isObject ? (body as { __type?: unknown }).__type : undefined;
    const message = isObject ? (body as { message?: unknown }).message : undefined;
    if (type === 'CognitoLocal#Unsupported') {
      return errorResponse(
        new CognitoProxyError(
          'InvalidParameterException',
          `The local Cognito emulator cannot do this ${target}.`,
        ),
      );
    }
    if (res.status >= 400 && res.status < 500 && typeof type === 'string') {
      return errorResponse(
        new CognitoProxyError(
          type,
          typeof message === 'string' ? message : type,
          res.status === 403 || res.status === 404 ? res.status : 400,
        ),
      );
    }
    console.error(
      `[cognito-proxy] cognito-local failed on ${target} (${res.status}): ${text.slice(0, 2000)}`,
    );
    return errorResponse(
      new CognitoProxyError('InternalErrorException', 'The local Cognito emulator failed; see its log.', 500),
    );
  };

  /** The latest sign-up code per email, for ResendConfirmationCode (which cognito-local lacks). */
  const signUpCodes = new Map<string, string>();

  /** Mails the code cognito-local just issued for `email` (it only "sends" codes to its own log). */
  const mailNewCode = async (kind: 'SignUp' | 'ForgotPassword', email: string, previous: string | null) => {
    const newCode = await opts.poolFile.waitForNewCode(email, previous);
    if (!newCode) {
      console.error(`[cognito-proxy] no ${kind} code found for ${email}`);
      return;
    }
    if (kind === 'SignUp') signUpCodes.set(email, newCode);
    await opts.sendMail({ to: email, ...MAILS[kind](newCode) });
  };

  /** Cognito marks the email verified when the emailed code confirms the sign-up; cognito-local does not. */
  const verifyEmailAfterConfirm = async (confirmedUsername: string) => {
    const user = await admin.send(
      new AdminGetUserCommand({ UserPoolId: opts.userPoolId(), Username: confirmedUsername }),
    );
    const email = emailToVerify(confirmedUsername, user.UserAttributes);
    if (!email) {
      console.error(`[cognito-proxy] not verifying ${confirmedUsername}: its email is not that address`);
      return;
    }
    await admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: opts.userPoolId(),
        Username: confirmedUsername,
        // cognito-local wants the email beside email_verified.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  };

  /** Cognito's answer to a disabled user, which cognito-local does not give. */
  const refuseDisabled = async (username: string) => {
    const enabled = await admin
      .send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId(), Username: username }))
      .then((user) => user.Enabled !== false)
      // Unknown users get cognito-local's own answer.
      .catch(() => true);
    if (!enabled) throw new CognitoProxyError('NotAuthorizedException', USER_DISABLED);
  };

  /** A refresh of a disabled user's tokens fails, as in Cognito: read who the new ID token is for. */
  const refreshUnlessDisabled = async (input: unknown): Promise<Response> => {
    const res = await forward('InitiateAuth', input);
    if (!res.ok) return res;
    const text = await res.text();
    const idToken = (JSON.parse(text) as { AuthenticationResult?: { IdToken?: string } }).AuthenticationResult
      ?.IdToken;
    const username = idToken ? usernameOfToken(idToken) : null;
    if (username) await refuseDisabled(username);
    return new Response(text, { status: 200, headers: { 'content-type': JSON_TYPE } });
  };

  const handle = async (target: Target, body: string): Promise<Response> => {
    switch (target) {
      case 'GetTokensFromRefreshToken': {
        const input = parseRequest(target, body);
        return refreshUnlessDisabled({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        });
      }
      case 'InitiateAuth': {
        const input = parseRequest(target, body);
        if (input.AuthFlow !== 'USER_PASSWORD_AUTH') return refreshUnlessDisabled(input);
        // Cognito checks the password first; a disabled account with a wrong password still reads as wrong.
        const res = await forward(target, input);
        if (res.ok) await refuseDisabled(input.AuthParameters.USERNAME!);
        return res;
      }
      case 'ResendConfirmationCode': {
        const email = parseRequest(target, body).Username.toLowerCase();
        const pending = signUpCodes.get(email);
        if (!pending) {
          throw new CognitoProxyError(
            'UserNotFoundException',
            'User does not exist or is already confirmed.',
          );
        }
        await opts.sendMail({ to: email, ...MAILS.ResendConfirmationCode(pending) });
        return Response.json({
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: maskEmail(email),
          },
        });
      }
      case 'GlobalSignOut': {
        // cognito-local lacks it: a valid token signs out (locally, tokens stay valid until they expire).
        const res = await forward('GetUser', { AccessToken: parseRequest(target, body).AccessToken });
        return res.ok ? Response.json({}) : res;
      }
      case 'SignUp': {
        const input = parseRequest(target, body);
        const UserAttributes = signUpAttributes(input.Username, input.UserAttributes);
        enforcePasswordPolicy(input.Password);
        const email = input.Username.toLowerCase();
        const previous = opts.poolFile.codeFor(email);
        const res = await forward(target, { ...input, UserAttributes });
        if (res.ok) await mailNewCode('SignUp', email, previous);
        return res;
      }
      case 'ForgotPassword': {
        const input = parseRequest(target, body);
        const email = input.Username.toLowerCase();
        const previous = opts.poolFile.codeFor(email);
        const res = await forward(target, input);
        if (res.ok) await mailNewCode('ForgotPassword', email, previous);
        return res;
      }
      case 'ConfirmSignUp': {
        const input = parseRequest(target, body);
        const res = await forward(target, input);
        if (res.ok) {
          signUpCodes.delete(input.Username.toLowerCase());
          await verifyEmailAfterConfirm(input.Username);
        }
        return res;
      }
      case 'ConfirmForgotPassword': {
        const input = parseRequest(target, body);
        enforcePasswordPolicy(input.Password);
        return forward(target, input);
      }
      case 'ChangePassword': {
        const input = parseRequest(target, body);
        enforcePasswordPolicy(input.ProposedPassword);
        return forward(target, input);
      }
      case 'RespondToAuthChallenge': {
        const input = parseRequest(target, body);
        const newPassword = input.ChallengeResponses.NEW_PASSWORD;
        if (input.ChallengeName === 'NEW_PASSWORD_REQUIRED' && newPassword !== undefined) {
          enforcePasswordPolicy(newPassword);
        }
        return forward(target, input);
      }
      default:
        return forward(target, parseRequest(target, body));
    }
  };

  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        const res = errorResponse(
          new CognitoProxyError(
            'RequestEntityTooLargeException',
            `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
            413,
          ),
        );
        // The rest of the body is not read: the connection is closed after this answer, so the client
        // does not send its next request on a socket the server is about to drop.
        res.headers.set('connection', 'close');
        return res;
      },
    }),
  );

  const handler = async (c: Context) => {
    const match = /^AWSCognitoIdentityProviderService\.(\w+)$/.exec(c.req.header('x-amz-target') ?? '');
    const target = match?.[1] ?? '';
    const body = await c.req.text();
    const early = await opts.hooks?.before(target, body, forward); // mfa hook
    if (early) return early; // mfa hook
    if (!BROWSER_TARGETS.has(target) || !(target in SCHEMAS)) {
      const what = target || 'This operation';
      return errorResponse(
        new CognitoProxyError('NotAuthorizedException', `${what} is not available to the browser.`),
      );
    }
    const res = await handle(target as Target, body);
    return opts.hooks ? opts.hooks.after(target, body, res) : res; // mfa hook
  };

  app.post('/__cognito', handler);
  app.post('/__cognito/', handler);
  app.notFound(() =>
    errorResponse(
      new CognitoProxyError('UnknownOperationException', 'POST a Cognito operation with X-Amz-Target.', 404),
    ),
  );
  app.onError((err) => {
    if (err instanceof CognitoProxyError) return errorResponse(err);
    // bodyLimit reports an oversized streamed body as an error of its own.
    console.error('[cognito-proxy]', err);
    return errorResponse(
      new CognitoProxyError('InternalErrorException', 'The local Cognito proxy failed.', 500),
    );
  });
  return app;
}

/** Cognito's words for a disabled user (shared/admin.ts ADMIN_MESSAGES.userDisabled). */
const USER_DISABLED = 'User is disabled.';

/** The `cognito:username` of a token cognito-local just issued (read, not verified: it came from upstream). */
function usernameOfToken(token: string): string | null {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const name = payload['cognito:username'] ?? payload.username;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}
