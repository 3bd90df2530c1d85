import {
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  UpdateIdentityProviderCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FederatedProvider, IdentityProviders } from '../../core/sso/sso.ports';
import { keepClientProviders } from './client-providers';

/** The SAML attribute most IdPs send the address in (Entra ID, ADFS, Okta's default). */
const SAML_EMAIL = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

function details(p: FederatedProvider): Record<string, string> {
  if (p.type === 'oidc') {
    return {
      client_id: p.clientId!,
      ...(p.clientSecret ? { client_secret: p.clientSecret } : {}),
      oidc_issuer: p.issuerUrl!,
      authorize_scopes: 'openid email profile',
      attributes_request_method: 'GET',
    };
  }
  return p.metadataXml ? { MetadataFile: p.metadataXml } : { MetadataURL: p.metadataUrl! };
}

/**
 * In AWS an account's provider is a user-pool identity provider (OIDC or SAML), created or updated
 * through the Cognito API and added to the web client's supported providers, so the managed login
 * domain can send people to it. Cognito keeps the client secret; we never store it.
 */
export class CognitoIdentityProviders implements IdentityProviders {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
    private readonly clientId: string,
  ) {}

  async put(p: FederatedProvider): Promise<void> {
    const common = {
      UserPoolId: this.userPoolId,
      ProviderName: p.providerName,
      ProviderDetails: details(p),
      AttributeMapping: (p.type === 'oidc'
        ? { email: 'email', email_verified: 'email_verified' }
        : { email: SAML_EMAIL }) as Record<string, string>,
      IdpIdentifiers: p.domains,
    };
    try {
      await this.client.send(
        new CreateIdentityProviderCommand({ ...common, ProviderType: p.type === 'oidc' ? 'OIDC' : 'SAML' }),
      );
    } catch (err) {
      if ((err as { name?: string }).name !== 'DuplicateProviderException') throw err;
      await this.client.send(new UpdateIdentityProviderCommand(common));
    }
    // The client's list from the pool's providers, read back until they agree (parallel saves).
    await keepClientProviders(this.client, this.userPoolId, this.clientId);
  }
}
