import {
  type CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';
import { supportedProviders, supportsExactly } from '../../core/sso/client-providers';

/** Writes at most this many times: each write is followed by a read-back, and a parallel writer may undo one. */
const MAX_WRITES = 5;

/** Every identity provider registered in the pool (ListIdentityProviders, all pages). */
async function registeredProviders(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<string[]> {
  const names: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new ListIdentityProvidersCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken }),
    );
    for (const p of page.Providers ?? []) if (p.ProviderName) names.push(p.ProviderName);
    NextToken = page.NextToken;
  } while (NextToken);
  return names;
}

/**
 * UpdateUserPoolClient resets every field it is not given: the client's whole settings as described,
 * with the supported providers replaced.
 */
function sameClientWith(c: UserPoolClientType, providers: string[]) {
  return new UpdateUserPoolClientCommand({
    UserPoolId: c.UserPoolId,
    ClientId: c.ClientId,
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
    RefreshTokenRotation: c.RefreshTokenRotation,
    SupportedIdentityProviders: providers,
  });
}

/**
 * Makes the web client support exactly the pool's identity providers (plus `COGNITO`), whoever changed
 * either last: the SSO settings route after registering a provider, and the deploy's custom resource
 * after CloudFormation has updated the client (which resets the list). Cognito has no conditional
 * update, so it reads back after each write: a parallel save that read the pool before our provider
 * existed may write its shorter list after ours, and the next round puts ours back. Each round reads
 * the pool and the client afresh; it ends when they agree. Answers the number of writes.
 */
export async function keepClientProviders(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  clientId: string,
): Promise<{ writes: number; providers: string[] }> {
  for (let writes = 0; ; writes++) {
    const [registered, described] = await Promise.all([
      registeredProviders(client, userPoolId),
      client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId })),
    ]);
    const c = described.UserPoolClient;
    if (!c) throw new Error(`User pool client ${clientId} not found`);
    const wanted = supportedProviders(registered);
    if (supportsExactly(c.SupportedIdentityProviders, wanted)) return { writes, providers: wanted };
    if (writes === MAX_WRITES)
      throw new Error(`The client's identity providers still differ from the pool's after ${writes} writes`);
    await client.send(sameClientWith(c, wanted));
  }
}
