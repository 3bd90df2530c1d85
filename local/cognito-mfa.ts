import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import { consumeChallengeSession, issueChallengeSession } from './cognito-challenge-sessions';

/**
 * Cognito's software-token MFA (TOTP) and sign-out for the local stack, which cognito-local lacks in
 * a usable form (its own TOTP takes access tokens unverified and has no challenge sessions). Same
 * protocol as Cognito, through the proxy's hooks (local/cognito-proxy.ts, lines marked "mfa hook"):
 *  - AssociateSoftwareToken (AccessToken) → SecretCode; VerifySoftwareToken (UserCode,
 *    FriendlyDeviceName) → Status SUCCESS, TOTP enabled; SetUserMFAPreference turns it on or off;
 *  - GetUser (and AdminGetUser on the stack's admin endpoint) shows UserMFASettingList and
 *    PreferredMfaSetting;
 *  - a password sign-in of a user with TOTP answers ChallengeName SOFTWARE_TOKEN_MFA with a Session;
 *    RespondToAuthChallenge with SOFTWARE_TOKEN_MFA_CODE answers the tokens; 3 wrong codes spend it;
 *  - GlobalSignOut and AdminUserGlobalSignOut revoke the user's refresh tokens (REFRESH_TOKEN_AUTH and
 *    GetTokensFromRefreshToken then answer "Refresh Token has been revoked");
 *  - a completed password reset (ConfirmForgotPassword) removes the authenticator: losing it is
 *    recovered by email, as the settings page says.
 * State (secrets, revoked refresh tokens) is kept in `<data folder>/cognito-mfa.json`, memory in tests.
 */

type Forward = (target: string, input: unknown) => Promise<Response>;

interface UserMfa {
  /** The user's email: sign-in and password reset name users by it, the pool by their username. */
  email?: string;
  /** Associated but not yet verified. */
  pendingSecret?: string;
  secret?: string;
  enabled?: boolean;
  friendlyDeviceName?: string;
}

interface MfaState {
  users: Record<string, UserMfa>;
  /** sha256 of each revoked refresh token. */
  revoked: string[];
}

/** A refusal in Cognito's error shape (the proxy answers CognitoProxyError the same way). */
export class CognitoMfaError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const JSON_TYPE = 'application/x-amz-json-1.1';
const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': JSON_TYPE } });
const refusal = (err: CognitoMfaError) =>
  new Response(JSON.stringify({ __type: err.type, message: err.message }), {
    status: 400,
    headers: { 'content-type': JSON_TYPE },
  });

const token = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9\-_=.]+$/);
const userCode = z.string().regex(/^\d{6}$/, 'six digits');
const SCHEMAS = {
  AssociateSoftwareToken: z.object({ AccessToken: token }),
  VerifySoftwareToken: z.object({
    AccessToken: token,
    UserCode: userCode,
    FriendlyDeviceName: z.string().max(256).optional(),
  }),
  SetUserMFAPreference: z.object({
    AccessToken: token,
    SoftwareTokenMfaSettings: z
      .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
      .optional(),
  }),
  RespondToAuthChallenge: z.object({
    ChallengeName: z.literal('SOFTWARE_TOKEN_MFA'),
    Session: z.string().min(20).max(2048),
    ChallengeResponses: z.object({ USERNAME: z.string().min(1).max(128), SOFTWARE_TOKEN_MFA_CODE: userCode }),
  }),
} as const;

function parse<T extends keyof typeof SCHEMAS>(target: T, body: string): z.infer<(typeof SCHEMAS)[T]> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new CognitoMfaError('SerializationException', 'The request body is not valid JSON.');
  }
  const parsed = SCHEMAS[target].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CognitoMfaError(
      'InvalidParameterException',
      `Value at '${issue.path.join('.') || 'request'}' failed to satisfy constraint: ${issue.message}`,
    );
  }
  return parsed.data as z.infer<(typeof SCHEMAS)[T]>;
}

/** A top-level field of a JSON body that may be any JSON at all (null, an array, a number). */
function topLevelField(body: string, name: string): unknown {
  const json = JSON.parse(body) as unknown;
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)[name]
    : undefined;
}

/** The TOTP Cognito uses: SHA-1, 6 digits, 30 s; one step either side is accepted for clock drift. */
export function totpFor(secret: string, account?: { issuer: string; label: string }): TOTP {
  return new TOTP({
    ...account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

export function totpCodeMatches(secret: string, code: string): boolean {
  return totpFor(secret).validate({ token: code, window: 1 }) !== null;
}

/** A new base32 secret, 160 bits as Cognito issues. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('hex');
const keyOf = (username: string) => username.toLowerCase();

/** Claims of a token the upstream issued or accepted (read only after it has been checked there). */
function claimsOf(jwt: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

interface PendingSignIn {
  username: string;
  email: string;
  authenticationResult: unknown;
  failures: number;
}

/** Wrong codes a sign-in session takes before it is spent (a new sign-in is then needed). */
const MAX_CODE_FAILURES = 3;

export interface CognitoMfaOptions {
  /** Null keeps everything in memory. */
  dataDir: string | null;
  /** The refresh tokens cognito-local holds for a user (its pool file). */
  refreshTokensOf: (username: string) => string[];
}

export function createCognitoMfa(opts: CognitoMfaOptions) {
  const file = opts.dataDir ? path.join(opts.dataDir, 'cognito-mfa.json') : null;
  const state: MfaState =
    file && fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as MfaState)
      : { users: {}, revoked: [] };
  const revoked = new Set(state.revoked);
  const save = () => {
    state.revoked = [...revoked];
    if (file) fs.writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
  };
  const pending = new Map<string, PendingSignIn>();
  const userOf = (username: string): UserMfa => (state.users[keyOf(username)] ??= {});
  const totpSecretOf = (username: string) => {
    const user = state.users[keyOf(username)];
    return user?.enabled && user.secret ? user.secret : null;
  };

  /** The user an access token belongs to, once cognito-local has accepted the token (GetUser). */
  const userOfAccessToken = async (forward: Forward, accessToken: string): Promise<UserMfa> => {
    const res = await forward('GetUser', { AccessToken: accessToken });
    if (!res.ok) throw new CognitoMfaError('NotAuthorizedException', 'Invalid Access Token');
    const { Username, UserAttributes } = (await res.json()) as {
      Username?: string;
      UserAttributes?: { Name: string; Value: string }[];
    };
    if (!Username) throw new CognitoMfaError('NotAuthorizedException', 'Invalid Access Token');
    const user = userOf(Username);
    user.email = UserAttributes?.find((a) => a.Name === 'email')?.Value?.toLowerCase() ?? user.email;
    return user;
  };

  const mfaSettings = (username: string) =>
    totpSecretOf(username)
      ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' }
      : {};

  const revokeRefreshTokens = (username: string) => {
    for (const t of opts.refreshTokensOf(username)) revoked.add(hashOf(t));
    save();
  };

  const refuseRevoked = (refreshToken: unknown) => {
    if (typeof refreshToken === 'string' && revoked.has(hashOf(refreshToken))) {
      throw new CognitoMfaError('NotAuthorizedException', 'Refresh Token has been revoked');
    }
  };

  const handleBefore = async (target: string, body: string, forward: Forward): Promise<Response | null> => {
    switch (target) {
      case 'AssociateSoftwareToken': {
        const input = parse(target, body);
        const secret = newTotpSecret();
        (await userOfAccessToken(forward, input.AccessToken)).pendingSecret = secret;
        save();
        return reply({ SecretCode: secret });
      }
      case 'VerifySoftwareToken': {
        const input = parse(target, body);
        const user = await userOfAccessToken(forward, input.AccessToken);
        if (!user.pendingSecret) {
          throw new CognitoMfaError('InvalidParameterException', 'User has not associated a software token.');
        }
        if (!totpCodeMatches(user.pendingSecret, input.UserCode)) {
          throw new CognitoMfaError('EnableSoftwareTokenMFAException', 'Code mismatch');
        }
        Object.assign(user, {
          secret: user.pendingSecret,
          pendingSecret: undefined,
          enabled: true,
          friendlyDeviceName: input.FriendlyDeviceName,
        });
        save();
        return reply({ Status: 'SUCCESS' });
      }
      case 'SetUserMFAPreference': {
        const input = parse(target, body);
        const user = await userOfAccessToken(forward, input.AccessToken);
        const wanted = input.SoftwareTokenMfaSettings?.Enabled;
        if (wanted === true && !user.secret) {
          throw new CognitoMfaError('InvalidParameterException', 'User has not verified software token mfa');
        }
        if (wanted !== undefined) user.enabled = wanted;
        save();
        return reply({});
      }
      case 'RespondToAuthChallenge': {
        // Other challenges stay with the proxy.
        if (topLevelField(body, 'ChallengeName') !== 'SOFTWARE_TOKEN_MFA') return null;
        const input = parse(target, body);
        const { USERNAME, SOFTWARE_TOKEN_MFA_CODE } = input.ChallengeResponses;
        const signIn = pending.get(input.Session);
        // Cognito takes the username or an alias (the email) here.
        if (!signIn || ![keyOf(signIn.username), signIn.email].includes(keyOf(USERNAME))) {
          throw new CognitoMfaError('NotAuthorizedException', 'Invalid session for the user.');
        }
        const secret = totpSecretOf(signIn.username);
        if (!secret || !totpCodeMatches(secret, SOFTWARE_TOKEN_MFA_CODE)) {
          signIn.failures += 1;
          if (signIn.failures >= MAX_CODE_FAILURES) {
            pending.delete(input.Session);
            consumeChallengeSession(input.Session, signIn.username, 'SOFTWARE_TOKEN_MFA');
          }
          throw new CognitoMfaError('CodeMismatchException', 'Invalid code received for user');
        }
        pending.delete(input.Session);
        if (!consumeChallengeSession(input.Session, signIn.username, 'SOFTWARE_TOKEN_MFA')) {
          throw new CognitoMfaError(
            'NotAuthorizedException',
            'Invalid session for the user, session is expired.',
          );
        }
        return reply({ ChallengeParameters: {}, AuthenticationResult: signIn.authenticationResult });
      }
      default:
        return null;
    }
  };

  const handleAfter = async (target: string, body: string, res: Response): Promise<Response> => {
    if (!res.ok) return res;
    switch (target) {
      case 'GetTokensFromRefreshToken':
        // After the proxy's own checks, so a disabled user still reads "User is disabled." first.
        refuseRevoked((JSON.parse(body) as { RefreshToken?: unknown }).RefreshToken);
        return res;
      case 'InitiateAuth': {
        refuseRevoked(
          (JSON.parse(body) as { AuthParameters?: Record<string, unknown> }).AuthParameters?.REFRESH_TOKEN,
        );
        const text = await res.text();
        const answer = JSON.parse(text) as {
          AuthenticationResult?: { IdToken?: string; RefreshToken?: string };
        };
        const claims = claimsOf(answer.AuthenticationResult?.IdToken ?? '');
        const username = claims['cognito:username'];
        // Only a password sign-in (it carries a new refresh token) asks for the second factor.
        if (
          typeof username !== 'string' ||
          !answer.AuthenticationResult?.RefreshToken ||
          !totpSecretOf(username)
        ) {
          return reply(answer);
        }
        const session = issueChallengeSession(username, 'SOFTWARE_TOKEN_MFA');
        const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
        pending.set(session, {
          username,
          email,
          authenticationResult: answer.AuthenticationResult,
          failures: 0,
        });
        const device = state.users[keyOf(username)]?.friendlyDeviceName;
        return reply({
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeParameters: {
            USER_ID_FOR_SRP: username,
            ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}),
          },
        });
      }
      case 'GetUser': {
        const user = (await res.json()) as { Username?: string };
        return reply({ ...user, ...(user.Username ? mfaSettings(user.Username) : {}) });
      }
      case 'GlobalSignOut': {
        const username = claimsOf((JSON.parse(body) as { AccessToken: string }).AccessToken).username;
        if (typeof username === 'string') revokeRefreshTokens(username);
        return res;
      }
      case 'ConfirmForgotPassword': {
        // Recovery by email: a completed reset removes the authenticator, so a lost phone is not a lost account.
        forgetTotp((JSON.parse(body) as { Username: string }).Username);
        return res;
      }
      default:
        return res;
    }
  };

  /** Removes the authenticator of the user named (by username or email), as a completed reset does. */
  const forgetTotp = (name: string) => {
    const named = keyOf(name);
    for (const [username, user] of Object.entries(state.users)) {
      if (username === named || user.email === named) delete state.users[username];
    }
    save();
  };

  return {
    /** Answers the MFA operations and checks refreshes; null lets the proxy go on as before. */
    async before(target: string, body: string, forward: Forward): Promise<Response | null> {
      try {
        return await handleBefore(target, body, forward);
      } catch (err) {
        if (err instanceof CognitoMfaError) return refusal(err);
        if (err instanceof SyntaxError) return null;
        throw err;
      }
    },
    /** Turns a password sign-in of a TOTP user into the challenge, refuses revoked refreshes, adds MFA to GetUser. */
    async after(target: string, body: string, res: Response): Promise<Response> {
      try {
        return await handleAfter(target, body, res);
      } catch (err) {
        if (err instanceof CognitoMfaError) return refusal(err);
        throw err;
      }
    },
    /** For the stack's admin endpoint (AdminGetUser, AdminUserGlobalSignOut). */
    mfaSettings,
    revokeRefreshTokens,
    forgetTotp,
    /** The seeded admin's TOTP: enabled with a secret made on the first start and kept after. */
    ensureTotp(username: string, email: string): string {
      const user = userOf(username);
      user.email = email.toLowerCase();
      if (!user.secret || !user.enabled) {
        Object.assign(user, {
          secret: user.secret ?? newTotpSecret(),
          enabled: true,
          friendlyDeviceName: 'seed',
        });
        save();
      }
      return user.secret!;
    },
  };
}

export type CognitoMfa = ReturnType<typeof createCognitoMfa>;
export type CognitoProxyHooks = Pick<CognitoMfa, 'before' | 'after'>;
