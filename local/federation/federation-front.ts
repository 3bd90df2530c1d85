import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  admitFederatedIdentity,
  FederationRefusedError,
  signInThroughSso,
  type SsoSignInDeps,
} from '../../lambdas/core/sso/sso-sign-in';
import { SSO_CALLBACK_PATH } from '../../shared/sso-names';
import type { TokenSigner } from '../cognito-token-signer';
import type { createFederatedUsers } from './federated-users';
import { createOidcUpstream, type OidcTransaction } from './oidc-upstream';
import type { LocalProviderRegistry } from './provider-registry';
import type { SamlUpstream } from './saml-upstream';

/** The managed login's paths on the one origin (Cognito's own: `/oauth2/*`, `/saml2/idpresponse`). */
export const FEDERATION_PREFIX = '/__federation';

/** A sign-in waiting for its provider's answer: at most 10 minutes, used once. */
const TRANSACTION_MS = 10 * 60_000;

interface SpaRequest {
  redirectUri: string;
  codeChallenge: string;
  state: string;
  scope: string;
}

interface Transaction {
  providerName: string;
  spa: SpaRequest;
  oidc?: OidcTransaction;
  expiresAt: number;
}

export interface FederationFrontOptions {
  appOrigin: string;
  clientId: () => string;
  cognitoUrl: string;
  registry: LocalProviderRegistry;
  users: ReturnType<typeof createFederatedUsers>;
  sso: SsoSignInDeps;
  signer: TokenSigner;
  saml: SamlUpstream;
}

/** An OAuth error back to the SPA's callback, as Cognito's managed login answers a refused sign-in. */
function refuse(spa: SpaRequest, description: string): Response {
  const url = new URL(spa.redirectUri);
  url.search = new URLSearchParams({
    error: 'access_denied',
    error_description: description,
    state: spa.state,
  }).toString();
  return Response.redirect(url.toString(), 302);
}

const badRequest = (description: string) =>
  Response.json({ error: 'invalid_request', error_description: description }, { status: 400 });

/**
 * The local stand-in for Cognito's managed login domain where cognito-local has none: it sends the
 * browser to the account's registered provider, checks the provider's answer (signature, issuer,
 * audience, nonce and state for OIDC; signature, audience, destination and InResponseTo for SAML),
 * admits it only for an address whose domain that provider's account proved (`email_verified` for
 * OIDC), creates the federated user once, makes the first sign-in's membership, and completes the
 * sign-in through cognito-local's own code flow, so the SPA redeems a code for cognito-local tokens
 * (signed with the stack's key) that the API verifies as it verifies every local token.
 */
export function createFederationFront(opts: FederationFrontOptions) {
  const app = new Hono().basePath(FEDERATION_PREFIX);
  const spaCallback = `${opts.appOrigin}${SSO_CALLBACK_PATH}`;
  const oidcUpstream = createOidcUpstream({
    callbackUrl: `${opts.appOrigin}${FEDERATION_PREFIX}/oauth2/idpresponse`,
  });
  const transactions = new Map<string, Transaction>();

  const take = (key: string | undefined): Transaction | null => {
    if (!key) return null;
    const tx = transactions.get(key);
    transactions.delete(key);
    for (const [k, t] of transactions) if (t.expiresAt < Date.now()) transactions.delete(k);
    return tx && tx.expiresAt > Date.now() ? tx : null;
  };

  /**
   * Admits the checked identity, makes the user once, then signs in as Cognito's triggers do in AWS
   * (lambdas/sso-triggers): admitted before the user exists (pre sign-up), then admitted again with the
   * first sign-in's membership (the token trigger), with the very same core functions.
   */
  async function complete(
    tx: Transaction,
    answer: { sub: string; email: string; emailVerified: boolean },
  ): Promise<Response> {
    const identity = {
      providerName: tx.providerName,
      email: answer.email,
      emailVerified: answer.emailVerified,
    };
    try {
      await admitFederatedIdentity(identity, opts.sso);
      const user = await opts.users.ensureUser(`${tx.providerName}_${answer.sub}`, answer.email);
      await signInThroughSso(identity, { userId: user.sub }, opts.sso);
      return Response.redirect(await opts.users.issueCode(user.sub, tx.spa), 302);
    } catch (err) {
      if (err instanceof FederationRefusedError) return refuse(tx.spa, err.message);
      throw err;
    }
  }

  app.get('/oauth2/authorize', async (c) => {
    const q = c.req.query();
    if (q.client_id !== opts.clientId()) return badRequest('Unknown client_id');
    if (q.redirect_uri !== spaCallback)
      return badRequest('redirect_uri is not a callback URL of this client');
    if (q.response_type !== 'code') return badRequest('response_type must be code');
    if (q.code_challenge_method !== 'S256' || !q.code_challenge)
      return badRequest('A PKCE code_challenge with code_challenge_method S256 is required');
    const provider = q.identity_provider ? opts.registry.get(q.identity_provider) : null;
    const spa: SpaRequest = {
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      state: q.state ?? '',
      scope: q.scope ?? 'openid email profile',
    };
    if (!provider) return refuse(spa, 'This identity provider is not registered.');
    const tx: Transaction = {
      providerName: provider.providerName,
      spa,
      expiresAt: Date.now() + TRANSACTION_MS,
    };
    if (provider.type === 'saml') {
      const relayState = randomBytes(24).toString('base64url');
      try {
        const url = await opts.saml.start(provider, relayState);
        transactions.set(relayState, tx);
        return c.redirect(url, 302);
      } catch (err) {
        console.error('[federation] SAML metadata unusable', err);
        return refuse(spa, 'The identity provider cannot be reached.');
      }
    }
    try {
      const { url, tx: oidcTx } = await oidcUpstream.start(provider, q.login_hint);
      transactions.set(oidcTx.state, { ...tx, oidc: oidcTx });
      return c.redirect(url, 302);
    } catch (err) {
      console.error('[federation] discovery failed', err);
      return refuse(spa, 'The identity provider cannot be reached.');
    }
  });

  app.get('/oauth2/idpresponse', async (c) => {
    const url = new URL(c.req.url);
    const tx = take(url.searchParams.get('state') ?? undefined);
    if (!tx?.oidc) return badRequest('Unknown or expired sign-in (state)');
    const provider = opts.registry.get(tx.providerName);
    if (!provider) return refuse(tx.spa, 'This identity provider is not registered.');
    if (url.searchParams.has('error'))
      return refuse(
        tx.spa,
        url.searchParams.get('error_description') ?? 'The identity provider refused the sign-in.',
      );
    // Checked against the registered callback, whatever Host the request came in on.
    const answer = new URL(`${opts.appOrigin}${FEDERATION_PREFIX}/oauth2/idpresponse${url.search}`);
    let identity;
    try {
      identity = await oidcUpstream.finish(provider, tx.oidc, answer);
    } catch (err) {
      return refuse(tx.spa, `The identity provider's answer was refused: ${(err as Error).message}`);
    }
    return complete(tx, identity);
  });

  app.post('/saml2/idpresponse', bodyLimit({ maxSize: 512 * 1024 }), async (c) => {
    const form = await c.req.parseBody();
    const tx = take(typeof form.RelayState === 'string' ? form.RelayState : undefined);
    if (!tx) return badRequest('Unknown or expired sign-in (RelayState)');
    const provider = opts.registry.get(tx.providerName);
    if (!provider || provider.type !== 'saml')
      return refuse(tx.spa, 'This identity provider is not registered.');
    let identity;
    try {
      identity = await opts.saml.finish(provider, String(form.SAMLResponse ?? ''));
    } catch (err) {
      return refuse(tx.spa, `The identity provider's answer was refused: ${(err as Error).message}`);
    }
    return complete(tx, identity);
  });

  /** cognito-local's token endpoint, its ID and access tokens re-signed with the stack's key. */
  app.post('/oauth2/token', bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get('grant_type');
    if (grant !== 'authorization_code' && grant !== 'refresh_token')
      return Response.json({ error: 'unsupported_grant_type' }, { status: 400 });
    const res = await fetch(`${opts.cognitoUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const body = (await res.json().catch(() => ({ error: 'server_error' }))) as Record<string, unknown>;
    for (const name of ['id_token', 'access_token'])
      if (typeof body[name] === 'string') body[name] = opts.signer.resign(body[name] as string);
    return Response.json(body, { status: res.status, headers: { 'cache-control': 'no-store' } });
  });

  return app;
}
