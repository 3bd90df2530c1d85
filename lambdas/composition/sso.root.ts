import type { LambdaConfig } from '../config';
import { SSO_CALLBACK_PATH } from '../../shared/sso-names';
import type { AccountRepo } from '../core/account/account.ports';
import type { SsoSettingsDeps } from '../core/sso/sso-settings';
import type { SsoSignInDeps } from '../core/sso/sso-sign-in';
import type { SsoLogin } from '../core/sso/sso.ports';
import { DynamoSsoMemberships, DynamoSsoStore } from '../adapters/dynamo/sso.repo';
import { DnsDomainProof, trustEveryDomain } from '../adapters/sso/dns-domain-proof';
import { CognitoIdentityProviders } from '../adapters/sso/cognito-identity-providers';
import type { DataRoot } from './data.root';
import type { createAuthRoot } from './auth.root';

/** Where sign-in through a provider starts and ends, from the managed login domain and the app's origin. */
export function ssoLogin(config: LambdaConfig): SsoLogin {
  const base = (config.SSO_LOGIN_URL ?? 'https://sso-login-not-configured.invalid').replace(/\/$/, '');
  return {
    authorizeUrl: `${base}/oauth2/authorize`,
    clientId: config.USER_POOL_CLIENT_ID,
    redirectUri: `${config.APP_ORIGIN ?? ''}${SSO_CALLBACK_PATH}`,
    oidcCallbackUrl: `${base}/oauth2/idpresponse`,
    samlAcsUrl: `${base}/saml2/idpresponse`,
  };
}

/**
 * Single sign-on (issue 24): the settings (provider registration through Cognito, domain proof by
 * DNS TXT) and the sign-in rules (discover, the password refusal, the first sign-in's membership).
 */
export function createSsoRoot(
  data: DataRoot,
  deps: { accounts: AccountRepo; auth: ReturnType<typeof createAuthRoot> },
): { settings: SsoSettingsDeps; signIn: SsoSignInDeps } {
  const { config } = data;
  const store = new DynamoSsoStore(data.db);
  const login = ssoLogin(config);
  // The development switch never applies inside Lambda: there a domain needs its TXT record.
  const trust = config.RAINCHECK_SSO_TRUST_DOMAINS === 'true' && !config.AWS_LAMBDA_FUNCTION_NAME;
  return {
    settings: {
      store,
      providers: new CognitoIdentityProviders(
        deps.auth.cognito,
        config.USER_POOL_ID,
        config.USER_POOL_CLIENT_ID,
      ),
      proof: trust ? trustEveryDomain : new DnsDomainProof(),
      accounts: deps.accounts,
      clock: data.clock,
      login,
      sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    },
    signIn: { store, memberships: new DynamoSsoMemberships(data.db), clock: data.clock, login },
  };
}
