import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CompositionRoot } from '../../lambdas/composition-root';
import { passwordSignInRefusal } from '../../lambdas/core/sso/sso-sign-in';
import type { TokenSigner } from '../cognito-token-signer';
import { startOidcIdp } from '../identity-providers/oidc-idp';
import { freePorts } from '../processes';
import { createFederatedUsers } from './federated-users';
import { FEDERATION_PREFIX, createFederationFront } from './federation-front';
import { LocalProviderRegistry } from './provider-registry';
import { createSamlUpstream } from './saml-upstream';

export interface LocalFederation {
  front: { fetch: (req: Request) => Response | Promise<Response> };
  /** Cognito's pre-authentication trigger for the proxy: the refusal's message, or null. */
  passwordSignInRefusal: (email: string) => Promise<string | null>;
  /** The demo OIDC provider on loopback and the client an owner registers with it. */
  demoProvider: { issuer: string; clientId: string; clientSecret: string };
  close: () => Promise<void>;
}

const DEMO_CLIENT_ID = 'raincheck-demo';

/** A secret kept with the local data (so a registered provider keeps working after a restart). */
function keptSecret(dir: string | null, name: string): string {
  const file = dir ? path.join(dir, name) : null;
  if (file && fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  if (file) fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Single sign-on on the local stack (issue 24): the federation front on the one origin, the registry
 * the API's SSO settings register providers in, and a demo OIDC provider on loopback (whoever types an
 * address signs in as it) for `npm start` and the end-to-end test.
 */
export async function startFederation(opts: {
  root: CompositionRoot;
  appOrigin: string;
  cognito: CognitoIdentityProviderClient;
  cognitoUrl: string;
  pool: { userPoolId: string; userPoolClientId: string };
  signer: TokenSigner;
  secret: string;
  dataDir: string | null;
  log: (line: string) => void;
}): Promise<LocalFederation> {
  const registry = new LocalProviderRegistry(
    opts.dataDir ? path.join(opts.dataDir, 'sso-providers.json') : null,
  );
  // The API registers providers here, as it registers them with Cognito in AWS.
  opts.root.sso.settings.providers = registry;
  const users = createFederatedUsers({
    admin: opts.cognito,
    userPoolId: () => opts.pool.userPoolId,
    clientId: () => opts.pool.userPoolClientId,
    cognitoUrl: opts.cognitoUrl,
    secret: opts.secret,
  });
  const front = createFederationFront({
    appOrigin: opts.appOrigin,
    clientId: () => opts.pool.userPoolClientId,
    cognitoUrl: opts.cognitoUrl,
    registry,
    users,
    sso: opts.root.sso.signIn,
    signer: opts.signer,
    saml: createSamlUpstream({
      spEntityId: `urn:amazon:cognito:sp:${opts.pool.userPoolId}`,
      acsUrl: `${opts.appOrigin}${FEDERATION_PREFIX}/saml2/idpresponse`,
    }),
  });
  await users.allowCallback(opts.root.sso.signIn.login.redirectUri);

  const port = Number(process.env.RAINCHECK_OIDC_IDP_PORT) || (await freePorts(1))[0]!;
  const clientSecret = keptSecret(opts.dataDir, 'demo-oidc-client-secret');
  const demo = await startOidcIdp({
    port,
    cookieKeys: [randomBytes(16).toString('hex')],
    clients: [
      {
        clientId: DEMO_CLIENT_ID,
        clientSecret,
        redirectUris: [`${opts.appOrigin}${FEDERATION_PREFIX}/oauth2/idpresponse`],
      },
    ],
    accounts: 'any-email',
  });
  opts.log(
    `Local OIDC provider: ${demo.issuer} (client id ${DEMO_CLIENT_ID}, client secret ${clientSecret})`,
  );
  if (opts.root.config.RAINCHECK_SSO_TRUST_DOMAINS === 'true')
    opts.log('SSO: every email domain counts as proven (RAINCHECK_SSO_TRUST_DOMAINS=true, development only)');

  return {
    front: createFetch(front),
    async passwordSignInRefusal(email) {
      const user = await opts.cognito
        .send(new AdminGetUserCommand({ UserPoolId: opts.pool.userPoolId, Username: email }))
        .catch(() => null);
      const sub = user?.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (!sub) return null;
      const refusal = await passwordSignInRefusal({ userId: sub, email }, opts.root.sso.signIn);
      // As Cognito words a pre-authentication trigger's refusal.
      return refusal ? `PreAuthentication failed with error ${refusal}` : null;
    },
    demoProvider: { issuer: demo.issuer, clientId: DEMO_CLIENT_ID, clientSecret },
    close: () => demo.close(),
  };
}

const createFetch = (app: { fetch: (req: Request) => Response | Promise<Response> }) => ({
  fetch: (req: Request) => app.fetch(req),
});
