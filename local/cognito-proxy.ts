import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { consumeChallengeSession, issueChallengeSession } from './cognito-challenge-sessions';
import {
  createCognitoLimits,
  newCodeSent,
  reserveAttempt,
  reserveCodeGuess,
  type CognitoLimits,
} from './cognito-limits';
import { codeMail, type CodeMail } from './cognito-mails';
import type { CognitoPoolFile } from './cognito-pool-file';
import {
  CognitoProxyError,
  MAX_BODY_BYTES,
  errorResponse,
  isBrowserTarget,
  parseRequest,
  type Target,
} from './cognito-requests';
import { emailToVerify, enforcePasswordPolicy, maskEmail, signUpAttributes } from './cognito-rules';
import type { TokenSigner } from './cognito-token-signer';
import { answerResponse, createUpstream, errorType, type UpstreamAnswer } from './cognito-upstream';
import { LOCAL_CREDENTIALS } from './settings';
import type { CognitoProxyHooks } from './cognito-mfa';
import { postConfirmationEvent, type PostConfirmationTriggerEvent } from './cognito-post-confirmation';

export type { CodeMail };

export interface CognitoProxyOptions {
  upstream: string;
  /** Where cognito-local keeps the codes it "sends". */
  poolFile: CognitoPoolFile;
  userPoolId: () => string;
  sendMail: (mail: CodeMail) => Promise<void>;
  /** Re-signs the tokens cognito-local issues with the stack's own key. */
  signer: TokenSigner;
  /** The app's origin, for the link in the password-reset email. */
  appOrigin: string;
  /** The limits per address (fresh ones by default). */
  limits?: CognitoLimits;
  /** TOTP and sign-out, which cognito-local lacks (local/cognito-mfa.ts). */
  hooks?: CognitoProxyHooks;
  /**
   * Cognito's post-confirmation trigger, which cognito-local cannot call: run after a confirmed sign-up
   * (local/cognito-post-confirmation.ts). A failure answers UnexpectedLambdaException, as Cognito does.
   */
  onSignUpConfirmed?: (event: PostConfirmationTriggerEvent) => Promise<void>;
  /** Cognito's pre-authentication trigger: its refusal of a password sign-in (Cognito's words), or null. */
  passwordSignInRefusal?: (email: string) => Promise<string | null>;
}

/** Cognito's words for a disabled user (shared/admin.ts ADMIN_MESSAGES.userDisabled). */
const USER_DISABLED = 'User is disabled.';
/** Cognito's one answer to a wrong password and to an unknown user (preventUserExistenceErrors). */
export const WRONG_CREDENTIALS = 'Incorrect username or password.';
const WRONG_CREDENTIAL_TYPES = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);
/** Cognito's answer to a code for an unknown user, as to a wrong code (preventUserExistenceErrors). */
const WRONG_CODE = 'Invalid verification code provided, please try again.';

/** What Cognito answers when a code was (or, for an unknown address, seems to have been) sent. */
const codeDelivery = (email: string) => ({
  CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(email) },
});

/**
 * Sits between the SPA and cognito-local so the local stack behaves like Cognito where the emulator
 * falls short:
 *  - it lets through only what a browser may ask of Cognito, each request checked against the
 *    operation's shape first (local/cognito-requests.ts), usernames lower-cased;
 *  - it enforces what Cognito enforces and the emulator does not (local/cognito-rules.ts): the pool's
 *    password policy and the app client's write attributes;
 *  - tokens are signed with the stack's own key (local/cognito-token-signer.ts), not the key published
 *    in cognito-local's package, and access tokens sent back are checked against it;
 *  - a challenge is answered only with the session issued for that user and challenge
 *    (local/cognito-challenge-sessions.ts); cognito-local accepts any session;
 *  - unknown users answer as known ones on sign-in and password reset (preventUserExistenceErrors);
 *  - limits per address (local/cognito-limits.ts): wrong passwords, reset and resend mails, and five
 *    wrong guesses spend an emailed code;
 *  - the emails Cognito sends (sign-up and reset codes) go to the local mailbox (local/cognito-mails.ts);
 *  - GetTokensFromRefreshToken becomes InitiateAuth REFRESH_TOKEN_AUTH; ResendConfirmationCode re-sends
 *    the pending code; GlobalSignOut checks the token (cognito-local lacks all three);
 *  - a disabled user cannot sign in or refresh (cognito-local never looks at `Enabled`);
 *  - every answer is JSON in Cognito's error shape `{ __type, message }`, never the emulator's HTML.
 */
export function createCognitoProxy(opts: CognitoProxyOptions) {
  const app = new Hono();
  const call = createUpstream({ url: opts.upstream, signer: opts.signer });
  const limits = opts.limits ?? createCognitoLimits();
  // Admin calls of the post-confirm step are signed, as cognito-local's gate requires (local/emulators.ts).
  const admin = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: opts.upstream,
    credentials: LOCAL_CREDENTIALS,
  });

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
    newCodeSent(limits, kind, email);
    await opts.sendMail(codeMail(kind, email, newCode, opts.appOrigin));
  };

  /**
   * What Cognito does once the emailed code confirms a sign-up and cognito-local does not: mark the email
   * verified, then call the post-confirmation trigger.
   */
  const afterSignUpConfirmed = async (confirmedUsername: string, clientId: string) => {
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
    if (!opts.onSignUpConfirmed) return;
    const attributes = [
      ...(user.UserAttributes ?? []).filter((a) => a.Name !== 'email_verified'),
      { Name: 'email_verified', Value: 'true' },
    ];
    const event = postConfirmationEvent({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: opts.userPoolId(),
      clientId,
      username: confirmedUsername,
      attributes,
    });
    await opts.onSignUpConfirmed(event).catch((err: unknown) => {
      console.error('[cognito-proxy] post-confirmation', err);
      throw new CognitoProxyError(
        'UnexpectedLambdaException',
        `PostConfirmation failed with error ${String(err)}.`,
      );
    });
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

  /** A challenge goes out with a session of ours for this user and challenge (cognito-local's is any string). */
  const withChallengeSession = (answer: UpstreamAnswer, username: string): UpstreamAnswer => {
    const challenge = answer.body.ChallengeName;
    if (!answer.ok || typeof challenge !== 'string') return answer;
    return { ...answer, body: { ...answer.body, Session: issueChallengeSession(username, challenge) } };
  };

  /** cognito-local reads access tokens without checking them; Cognito accepts only its own. */
  const requireAccessToken = (token: string) => {
    const claims = opts.signer.verify(token);
    if (!claims || claims.token_use !== 'access') {
      throw new CognitoProxyError('NotAuthorizedException', 'Invalid Access Token');
    }
  };

  /** What the MFA hooks may ask of cognito-local: GetUser only with an access token we signed. */
  const checkedForward = async (target: string, input: unknown): Promise<Response> => {
    if (target === 'GetUser') requireAccessToken((input as { AccessToken?: string }).AccessToken ?? '');
    return answerResponse(await call(target, input));
  };

  /** A refresh of a disabled user's tokens fails, as in Cognito: read who the new ID token is for. */
  const refreshUnlessDisabled = async (input: unknown): Promise<Response> => {
    const answer = await call('InitiateAuth', input);
    const idToken = (answer.body.AuthenticationResult as { IdToken?: unknown } | undefined)?.IdToken;
    const username = typeof idToken === 'string' ? opts.signer.verify(idToken)?.['cognito:username'] : null;
    if (typeof username === 'string') await refuseDisabled(username);
    return answerResponse(answer);
  };

  /** Sign-in with a password: limited per address on wrong passwords, one answer for unknown and wrong. */
  const signInWithPassword = async (input: { AuthParameters: Record<string, string> }) => {
    const email = input.AuthParameters.USERNAME!;
    const refusal = await opts.passwordSignInRefusal?.(email);
    if (refusal) throw new CognitoProxyError('UserLambdaValidationException', refusal);
    const release = reserveAttempt(limits.wrongPasswords, email);
    let counted = false;
    try {
      const answer = await call('InitiateAuth', input);
      if (WRONG_CREDENTIAL_TYPES.has(errorType(answer))) {
        counted = true;
        throw new CognitoProxyError('NotAuthorizedException', WRONG_CREDENTIALS);
      }
      // Cognito checks the password first; a disabled account with a wrong password still reads as wrong.
      if (answer.ok) await refuseDisabled(email);
      return answerResponse(withChallengeSession(answer, email));
    } finally {
      if (!counted) release();
    }
  };

  /** A guess at an emailed code: five wrong ones spend it; an unknown address reads as a wrong code. */
  const confirmWithCode = async (
    kind: 'SignUp' | 'ForgotPassword',
    target: 'ConfirmSignUp' | 'ConfirmForgotPassword',
    input: { Username: string },
  ): Promise<UpstreamAnswer> => {
    const release = reserveCodeGuess(limits, kind, input.Username);
    let counted = false;
    try {
      const answer = await call(target, input);
      const type = errorType(answer);
      if (type === 'CodeMismatchException' || type === 'UserNotFoundException') {
        counted = true;
        throw new CognitoProxyError('CodeMismatchException', WRONG_CODE);
      }
      if (answer.ok) newCodeSent(limits, kind, input.Username);
      return answer;
    } finally {
      if (!counted) release();
    }
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
        return signInWithPassword(input);
      }
      case 'RespondToAuthChallenge': {
        const input = parseRequest(target, body);
        const username = input.ChallengeResponses.USERNAME!;
        if (!consumeChallengeSession(input.Session, username, input.ChallengeName)) {
          throw new CognitoProxyError('NotAuthorizedException', 'Invalid session for the user.');
        }
        const newPassword = input.ChallengeResponses.NEW_PASSWORD;
        if (input.ChallengeName === 'NEW_PASSWORD_REQUIRED' && newPassword !== undefined) {
          enforcePasswordPolicy(newPassword);
        }
        const answer = await call(target, input);
        if (answer.ok && answer.body.AuthenticationResult) await refuseDisabled(username);
        return answerResponse(withChallengeSession(answer, username));
      }
      case 'ResendConfirmationCode': {
        const email = parseRequest(target, body).Username;
        reserveAttempt(limits.codeResends, email);
        const pending = signUpCodes.get(email);
        // An unknown or already confirmed address gets the same answer, as with preventUserExistenceErrors.
        if (pending) {
          newCodeSent(limits, 'SignUp', email);
          await opts.sendMail(codeMail('ResendConfirmationCode', email, pending, opts.appOrigin));
        }
        return Response.json(codeDelivery(email));
      }
      case 'ForgotPassword': {
        const input = parseRequest(target, body);
        const email = input.Username;
        reserveAttempt(limits.passwordResets, email);
        const previous = opts.poolFile.codeFor(email);
        const answer = await call(target, input);
        if (answer.ok) await mailNewCode('ForgotPassword', email, previous);
        else if (errorType(answer) !== 'UserNotFoundException') return answerResponse(answer);
        return Response.json(codeDelivery(email));
      }
      case 'GlobalSignOut': {
        // cognito-local lacks it: a valid token signs out (locally, tokens stay valid until they expire).
        const { AccessToken } = parseRequest(target, body);
        requireAccessToken(AccessToken);
        const answer = await call('GetUser', { AccessToken });
        return answer.ok ? Response.json({}) : answerResponse(answer);
      }
      case 'SignUp': {
        const input = parseRequest(target, body);
        const UserAttributes = signUpAttributes(input.Username, input.UserAttributes);
        enforcePasswordPolicy(input.Password);
        const previous = opts.poolFile.codeFor(input.Username);
        const answer = await call(target, { ...input, UserAttributes });
        if (answer.ok) await mailNewCode('SignUp', input.Username, previous);
        return answerResponse(answer);
      }
      case 'ConfirmSignUp': {
        const input = parseRequest(target, body);
        const answer = await confirmWithCode('SignUp', target, input);
        if (answer.ok) {
          signUpCodes.delete(input.Username);
          await afterSignUpConfirmed(input.Username, input.ClientId);
        }
        return answerResponse(answer);
      }
      case 'ConfirmForgotPassword': {
        const input = parseRequest(target, body);
        enforcePasswordPolicy(input.Password);
        return answerResponse(await confirmWithCode('ForgotPassword', target, input));
      }
      case 'ChangePassword': {
        const input = parseRequest(target, body);
        requireAccessToken(input.AccessToken);
        enforcePasswordPolicy(input.ProposedPassword);
        return answerResponse(await call(target, input));
      }
      case 'GetUser': {
        const input = parseRequest(target, body);
        requireAccessToken(input.AccessToken);
        return answerResponse(await call(target, input));
      }
      default:
        return answerResponse(await call(target, parseRequest(target, body)));
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
    // The MFA operations read the user from an access token: only one we signed may name a user.
    const early = await opts.hooks?.before(target, body, checkedForward);
    if (early) return early;
    if (!isBrowserTarget(target)) {
      const what = target || 'This operation';
      return errorResponse(
        new CognitoProxyError('NotAuthorizedException', `${what} is not available to the browser.`),
      );
    }
    const res = await handle(target, body);
    return opts.hooks ? opts.hooks.after(target, body, res) : res;
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
