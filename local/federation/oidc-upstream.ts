import * as oidc from 'openid-client';
import type { FederatedProvider } from '../../lambdas/core/sso/sso.ports';

/** What the front keeps between sending the browser to the IdP and its answer (never sent anywhere). */
export interface OidcTransaction {
  verifier: string;
  nonce: string;
  state: string;
}

/**
 * The OIDC half of the managed login, with `openid-client` (a certified relying party): discovery
 * from the registered issuer, authorization code with PKCE and nonce, and on the answer every check
 * Cognito makes: the ID token's signature (the issuer's JWKS), `iss` (the registered issuer, so an
 * answer of another IdP fails), `aud` (our client id), `nonce`, expiry, and the state.
 */
export function createOidcUpstream(opts: { callbackUrl: string }) {
  const configs = new Map<string, { key: string; config: Promise<oidc.Configuration> }>();

  const configOf = (p: FederatedProvider) => {
    const key = `${p.issuerUrl}|${p.clientId}|${p.clientSecret}`;
    const cached = configs.get(p.providerName);
    if (cached?.key === key) return cached.config;
    const config = oidc.discovery(
      new URL(p.issuerUrl!),
      p.clientId!,
      undefined,
      oidc.ClientSecretPost(p.clientSecret!),
      // The local providers listen on loopback http; in AWS Cognito requires https issuers.
      { execute: [oidc.allowInsecureRequests] },
    );
    // A failed discovery is tried again on the next sign-in.
    config.catch(() => configs.delete(p.providerName));
    configs.set(p.providerName, { key, config });
    return config;
  };

  async function start(p: FederatedProvider, loginHint: string | undefined) {
    const config = await configOf(p);
    const tx: OidcTransaction = {
      verifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      state: oidc.randomState(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: opts.callbackUrl,
      scope: 'openid email profile',
      state: tx.state,
      nonce: tx.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
      code_challenge_method: 'S256',
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
    return { url: url.toString(), tx };
  }

  /** The checked claims of the IdP's answer; throws on any failed check. */
  async function finish(p: FederatedProvider, tx: OidcTransaction, answerUrl: URL) {
    const config = await configOf(p);
    const tokens = await oidc.authorizationCodeGrant(config, answerUrl, {
      pkceCodeVerifier: tx.verifier,
      expectedNonce: tx.nonce,
      expectedState: tx.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token.');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : '',
      // Only a JSON true counts: "true" as a string, absent or false is unverified.
      emailVerified: claims.email_verified === true,
    };
  }

  return { start, finish };
}
