import { z } from 'zod';

/**
 * What the local Cognito proxy accepts from a browser: the operations, each request's shape (lengths and
 * patterns from the Cognito API reference), and refusals in Cognito's error shape `{ __type, message }`.
 */
export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const JSON_TYPE = 'application/x-amz-json-1.1';

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

/** A refusal in Cognito's error shape. */
export class CognitoProxyError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 429 | 500 | 502 = 400,
    /** Seconds before the caller may try again (sent as Retry-After with a 429). */
    readonly retryAfterSeconds?: number,
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
const usernameText = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'letters, digits, symbols and punctuation only');
/**
 * Usernames are email addresses, compared without regard to case (as a Cognito pool with case-insensitive
 * usernames does): lower-cased here for every operation, so `Ann@x.com` is the account of `ann@x.com`.
 */
const lowerCase = (s: string) => s.toLowerCase();
const username = usernameText.transform(lowerCase);
const emailUsername = usernameText.regex(/^[^@]+@[^@]+\.[^@]+$/, 'an email address').transform(lowerCase);
/** AuthParameters and ChallengeResponses name the user in USERNAME: lower-cased as well. */
const withLowerUsername = (m: Record<string, string>) =>
  m.USERNAME === undefined ? m : { ...m, USERNAME: m.USERNAME.toLowerCase() };
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
      AuthParameters: stringMap.transform(withLowerUsername),
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
    ChallengeResponses: stringMap
      .refine((m) => typeof m.USERNAME === 'string' && m.USERNAME !== '', {
        message: 'USERNAME is required',
      })
      .transform(withLowerUsername),
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

export type Target = keyof typeof SCHEMAS;

/** An operation the browser may call and whose shape the proxy checks. */
export function isBrowserTarget(target: string): target is Target {
  return BROWSER_TARGETS.has(target) && target in SCHEMAS;
}
export type Input<T extends Target> = z.infer<(typeof SCHEMAS)[T]>;

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

export function errorResponse(err: CognitoProxyError): Response {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE };
  if (err.retryAfterSeconds !== undefined) headers['retry-after'] = String(err.retryAfterSeconds);
  return new Response(JSON.stringify({ __type: err.type, message: err.message }), {
    status: err.status,
    headers,
  });
}
