import {
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type UpdateUserPoolClientCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FederatedProvider, IdentityProviders } from '../../core/sso/sso.ports';

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
    await this.supportOnClient(p.providerName);
  }

  /** UpdateUserPoolClient resets every field it is not given: send the client's whole settings back. */
  private async supportOnClient(providerName: string): Promise<void> {
    const { UserPoolClient: c } = await this.client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: this.clientId }),
    );
    if (!c) throw new Error(`User pool client ${this.clientId} not found`);
    const supported = c.SupportedIdentityProviders ?? ['COGNITO'];
    if (supported.includes(providerName)) return;
    const input: UpdateUserPoolClientCommandInput = {
      UserPoolId: this.userPoolId,
      ClientId: this.clientId,
      ClientName: c.ClientName,
      RefreshTokenValidity: c.RefreshTokenValidity,
      AccessTokenValidity: c.AccessTokenValidity,
      IdTokenValidity: c.IdTokenValidity,
      TokenValidityUnits: c.TokenValidityUnits,
      ReadAttributes: c.ReadAttributes,
      WriteAttributes: c.WriteAttributes,
      ExplicitAuthFlows: c.ExplicitAuthFlows,
      CallbackURLs: c.CallbackURLs,
      LogoutURLs: c.LogoutURLs,
      DefaultRedirectURI: c.DefaultRedirectURI,
      AllowedOAuthFlows: c.AllowedOAuthFlows,
      AllowedOAuthScopes: c.AllowedOAuthScopes,
      AllowedOAuthFlowsUserPoolClient: c.AllowedOAuthFlowsUserPoolClient,
      AnalyticsConfiguration: c.AnalyticsConfiguration,
      PreventUserExistenceErrors: c.PreventUserExistenceErrors,
      EnableTokenRevocation: c.EnableTokenRevocation,
      EnablePropagateAdditionalUserContextData: c.EnablePropagateAdditionalUserContextData,
      AuthSessionValidity: c.AuthSessionValidity,
      SupportedIdentityProviders: [...supported, providerName],
    };
    await this.client.send(new UpdateUserPoolClientCommand(input));
  }
}
