import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

/** The custom resource's properties (auth.construct.ts): the pool, its web client, and the client's fingerprint. */
export interface ClientProvidersProperties {
  UserPoolId: string;
  ClientId: string;
}

/** CloudFormation's answer to a custom resource request, PUT to the request's pre-signed ResponseURL. */
export interface CustomResourceResponse {
  Status: 'SUCCESS' | 'FAILED';
  Reason: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  Data?: Record<string, string>;
}

export interface ClientProvidersDeps {
  keep: (userPoolId: string, clientId: string) => Promise<{ writes: number; providers: string[] }>;
  respond: (responseUrl: string, response: CustomResourceResponse) => Promise<void>;
  log?: (line: Record<string, unknown>) => void;
}

/**
 * The deploy's custom resource that keeps single sign-on working across deploys (ADR 0011): it runs
 * after CloudFormation has created or updated the web client (its properties carry the client's
 * settings fingerprint, so every client update updates it too), and puts back the pool's identity
 * providers the update reset. A failure fails the deploy, which rolls back, rather than leave every
 * account's single sign-on off. Delete does nothing: the list goes with the client.
 */
export function createClientProvidersHandler(deps: ClientProvidersDeps) {
  const log = deps.log ?? ((line) => console.log(JSON.stringify(line)));
  return async function handleClientProviders(
    event: CloudFormationCustomResourceEvent<ClientProvidersProperties>,
  ): Promise<void> {
    const { UserPoolId, ClientId } = event.ResourceProperties;
    const answer: CustomResourceResponse = {
      Status: 'SUCCESS',
      Reason: 'The web client supports every identity provider of the pool',
      PhysicalResourceId: `${UserPoolId}/${ClientId}/identity-providers`,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
    };
    try {
      if (event.RequestType !== 'Delete') {
        const kept = await deps.keep(UserPoolId, ClientId);
        answer.Data = { Providers: kept.providers.join(',') };
        log({ level: 'info', message: 'Client identity providers kept', ...kept });
      }
    } catch (err) {
      answer.Status = 'FAILED';
      answer.Reason = `Keeping the client's identity providers failed: ${(err as Error).message}`;
      log({ level: 'error', message: answer.Reason });
    }
    await deps.respond(event.ResponseURL, answer);
  };
}

/** The PUT CloudFormation's pre-signed URL expects: a JSON body and no content type (not signed). */
export async function respondToCloudFormation(url: string, response: CustomResourceResponse): Promise<void> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': '' },
    body: JSON.stringify(response),
  });
  if (!res.ok) throw new Error(`CloudFormation refused the custom resource's answer (${res.status})`);
}
