import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/** A person the local OIDC provider knows: the login typed on its page names them. */
export interface IdpAccount {
  login: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcIdpOptions {
  port: number;
  /** The confidential clients (the client id and secret an owner enters on /settings/sso). */
  clients: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>;
  /** The people it knows, or `any-email`: whoever types an address is that address, verified (the demo). */
  accounts: IdpAccount[] | 'any-email';
  /** Cookie signing keys: any random strings (the provider refuses to start without them in production mode). */
  cookieKeys: string[];
}

/**
 * A real OpenID Connect provider on loopback (`oidc-provider`, the certified implementation): discovery,
 * JWKS, authorization code with PKCE, signed ID tokens with nonce. Its own development login page
 * signs in whoever is typed (any password), answered with that account's claims; consent is implied
 * (an IdP's admin has already allowed its company's app). Stands for a company's Okta or Entra ID.
 */
export async function startOidcIdp(
  opts: OidcIdpOptions,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const byLogin = new Map(opts.accounts === 'any-email' ? [] : opts.accounts.map((a) => [a.login, a]));
  const accountOf = (login: string): IdpAccount | undefined =>
    opts.accounts === 'any-email'
      ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(login)
        ? {
            login,
            sub: `demo-${Buffer.from(login.toLowerCase()).toString('base64url')}`,
            email: login.toLowerCase(),
            emailVerified: true,
          }
        : undefined
      : byLogin.get(login);
  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    cookies: { keys: opts.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // ID tokens carry the claims themselves (Cognito reads them from the token or from userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accountOf(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    // The company's admin allowed the app for everyone: no consent page.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Loopback http: let the provider build http URLs and accept the local redirect URIs.
  provider.proxy = true;
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
