import { createHash, createHmac } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { FEDERATION_GATE_HEADER } from '../emulators';

/** The attribute that names a federated user's identity, `<Provider>_<sub>` as Cognito names the user. */
export const FEDERATED_IDENTITY_ATTRIBUTE = 'custom:federated_identity';

/**
 * A federated user's `sub`, the same for every sign-in of one identity (a UUID-shaped hash of the
 * provider and the provider's `sub`). Cognito gives such a user a random sub once; cognito-local's
 * email-as-username pools name every user by a fresh UUID, so we find the user again by this sub.
 */
export function federatedSub(identity: string): string {
  const h = createHash('sha256').update(`federated|${identity}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface FederatedUsersOptions {
  admin: CognitoIdentityProviderClient;
  userPoolId: () => string;
  clientId: () => string;
  cognitoUrl: string;
  /** Lets the front through cognito-local's gate to `POST /oauth2/authorize`; also keys the users' passwords. */
  secret: string;
}

/**
 * What Cognito does for a federated sign-in once the provider's answer is checked, on cognito-local:
 * the user `<Provider>_<sub>` is created once (AdminCreateUser, then a password only this front can
 * derive, so it can never be used to sign in with a password), then a sign-in code is issued by
 * cognito-local's own `/oauth2/authorize` for the SPA's PKCE challenge and redirect URI. The SPA
 * redeems it at `/oauth2/token`, so its tokens come from cognito-local's own code flow.
 */
export function createFederatedUsers(opts: FederatedUsersOptions) {
  const passwordOf = (sub: string) =>
    `${createHmac('sha256', opts.secret).update(sub).digest('base64url')}Aa1!`;

  const existing = async (sub: string) =>
    opts.admin
      .send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId(), Username: sub }))
      .catch((err: { name?: string }) => {
        if (err.name === 'UserNotFoundException') return null;
        throw err;
      });

  // cognito-local checks no uniqueness on the sub: parallel first sign-ins of one person wait for each other.
  const making = new Map<string, Promise<{ sub: string; created: boolean }>>();

  /** The user of this identity, made on the first sign-in; `created` when this call made it. */
  async function ensureUser(identity: string, email: string): Promise<{ sub: string; created: boolean }> {
    const sub = federatedSub(identity);
    const pending = making.get(sub);
    if (pending) return pending.then((r) => ({ ...r, created: false }));
    const run = makeUser(identity, sub, email).finally(() => making.delete(sub));
    making.set(sub, run);
    return run;
  }

  async function makeUser(identity: string, sub: string, email: string) {
    if (await existing(sub)) return { sub, created: false };
    try {
      await opts.admin.send(
        new AdminCreateUserCommand({
          UserPoolId: opts.userPoolId(),
          // cognito-local wants an address as the username of an email pool and names the user by a
          // fresh UUID; the sub below is what finds this user again.
          Username: `${sub}@federated.invalid`,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'sub', Value: sub },
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: FEDERATED_IDENTITY_ATTRIBUTE, Value: identity },
          ],
        }),
      );
    } catch (err) {
      // A parallel first sign-in of the same person made it: that is the one user.
      if ((err as { name?: string }).name !== 'UsernameExistsException') throw err;
      return { sub, created: false };
    }
    await opts.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: opts.userPoolId(),
        Username: sub,
        Password: passwordOf(sub),
        Permanent: true,
      }),
    );
    return { sub, created: true };
  }

  /** A code from cognito-local's own authorize step for the SPA's PKCE challenge: the URL to send the browser to. */
  async function issueCode(
    sub: string,
    spa: { redirectUri: string; codeChallenge: string; state: string; scope: string },
  ): Promise<string> {
    const res = await fetch(`${opts.cognitoUrl}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [FEDERATION_GATE_HEADER]: opts.secret },
      body: new URLSearchParams({
        client_id: opts.clientId(),
        redirect_uri: spa.redirectUri,
        response_type: 'code',
        code_challenge: spa.codeChallenge,
        code_challenge_method: 'S256',
        scope: spa.scope,
        state: spa.state,
        username: sub,
        password: passwordOf(sub),
      }),
    });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`cognito-local issued no code (${res.status})`);
    return location;
  }

  /** The SPA's callback must be one of the app client's callback URLs, as the managed login requires. */
  async function allowCallback(url: string): Promise<void> {
    const { UserPoolClient: c } = await opts.admin.send(
      new DescribeUserPoolClientCommand({ UserPoolId: opts.userPoolId(), ClientId: opts.clientId() }),
    );
    if (c?.CallbackURLs?.includes(url)) return;
    await opts.admin.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: opts.userPoolId(),
        ClientId: opts.clientId(),
        ClientName: c?.ClientName,
        ExplicitAuthFlows: c?.ExplicitAuthFlows,
        TokenValidityUnits: c?.TokenValidityUnits,
        CallbackURLs: [...(c?.CallbackURLs ?? []), url],
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'profile'],
        AllowedOAuthFlowsUserPoolClient: true,
      }),
    );
  }

  return { ensureUser, issueCode, allowCallback };
}
