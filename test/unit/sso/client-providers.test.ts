import * as cognito from '@aws-sdk/client-cognito-identity-provider';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { keepClientProviders } from '../../../lambdas/adapters/sso/client-providers';
import { supportedProviders, supportsExactly } from '../../../lambdas/core/sso/client-providers';
import {
  type ClientProvidersProperties,
  createClientProvidersHandler,
  type CustomResourceResponse,
  respondToCloudFormation,
} from '../../../lambdas/sso-client-providers/app';
import { startLoopbackServer } from '../../support/loopback-server';

/**
 * Cognito's pool and web client in memory, speaking the three commands the adapter sends. `afterWrite`
 * lets a test run a parallel writer just after one of ours, as two Lambdas would interleave.
 */
class MemoryPool {
  providers = ['rcalpha'];
  pageSize = 60;
  client: cognito.UserPoolClientType = {
    UserPoolId: 'pool',
    ClientId: 'web',
    ClientName: 'WebClient',
    CallbackURLs: ['https://app.example/auth/sso-callback'],
    AllowedOAuthFlows: ['code'],
    ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    SupportedIdentityProviders: ['COGNITO'],
  };
  writes: string[][] = [];
  afterWrite: (() => void) | null = null;

  readonly sdk = {
    send: async (command: unknown) => {
      if (command instanceof cognito.ListIdentityProvidersCommand) {
        const start = Number(command.input.NextToken ?? 0);
        const page = this.providers.slice(start, start + this.pageSize);
        const next =
          start + this.pageSize < this.providers.length ? String(start + this.pageSize) : undefined;
        return { Providers: page.map((ProviderName) => ({ ProviderName })), NextToken: next };
      }
      if (command instanceof cognito.DescribeUserPoolClientCommand)
        return { UserPoolClient: { ...this.client } };
      if (command instanceof cognito.UpdateUserPoolClientCommand) {
        const { SupportedIdentityProviders, ...rest } = command.input;
        this.client = { ...rest, SupportedIdentityProviders } as cognito.UserPoolClientType;
        this.writes.push(SupportedIdentityProviders ?? []);
        const hook = this.afterWrite;
        this.afterWrite = null;
        hook?.();
        return {};
      }
      throw new Error(`Unexpected command ${(command as object).constructor.name}`);
    },
  } as unknown as cognito.CognitoIdentityProviderClient;
}

describe("the web client's identity providers", () => {
  it("should be the pool's own sign-in and every provider of the pool, once each, in a stable order", () => {
    expect(supportedProviders(['rcb', 'rca', 'COGNITO', 'rcb'])).toEqual(['COGNITO', 'rca', 'rcb']);
    expect(supportedProviders([])).toEqual(['COGNITO']);
  });

  it('should compare lists regardless of order, a missing list being COGNITO alone', () => {
    expect(supportsExactly(['rca', 'COGNITO'], ['COGNITO', 'rca'])).toBe(true);
    expect(supportsExactly(undefined, ['COGNITO'])).toBe(true);
    expect(supportsExactly(['COGNITO'], ['COGNITO', 'rca'])).toBe(false);
    expect(supportsExactly(['COGNITO', 'rca', 'rcgone'], ['COGNITO', 'rca'])).toBe(false);
  });

  it("should put back every provider of the pool after a deploy reset the client, keeping the client's other settings", async () => {
    const pool = new MemoryPool();
    pool.providers = Array.from({ length: 130 }, (_, i) => `rc${String(i).padStart(3, '0')}`);

    const kept = await keepClientProviders(pool.sdk, 'pool', 'web');

    expect(kept.writes).toBe(1);
    expect(pool.client.SupportedIdentityProviders).toEqual(['COGNITO', ...pool.providers]);
    expect(pool.client.CallbackURLs).toEqual(['https://app.example/auth/sso-callback']);
    expect(pool.client.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
  });

  it('should write nothing when the client already supports exactly the pool’s providers', async () => {
    const pool = new MemoryPool();
    pool.client.SupportedIdentityProviders = ['rcalpha', 'COGNITO'];

    expect(await keepClientProviders(pool.sdk, 'pool', 'web')).toEqual({
      writes: 0,
      providers: ['COGNITO', 'rcalpha'],
    });
    expect(pool.writes).toEqual([]);
  });

  it('should put a provider back when a parallel save wrote its older list over ours', async () => {
    const pool = new MemoryPool();
    // Another account's save read the pool before rcbeta existed and writes its list just after ours.
    pool.providers = ['rcalpha', 'rcbeta'];
    pool.afterWrite = () => {
      pool.client = { ...pool.client, SupportedIdentityProviders: ['COGNITO', 'rcalpha'] };
    };

    const kept = await keepClientProviders(pool.sdk, 'pool', 'web');

    expect(pool.client.SupportedIdentityProviders).toEqual(['COGNITO', 'rcalpha', 'rcbeta']);
    expect(kept.writes).toBe(2);
  });

  it('should give up with an error rather than loop when the client never agrees', async () => {
    const pool = new MemoryPool();
    const stubborn = {
      send: async (command: unknown) => {
        const answer = await pool.sdk.send(command as never);
        pool.client.SupportedIdentityProviders = ['COGNITO'];
        return answer;
      },
    } as unknown as cognito.CognitoIdentityProviderClient;

    await expect(keepClientProviders(stubborn, 'pool', 'web')).rejects.toThrow(/after 5 writes/);
  });
});

describe("the deploy's custom resource", () => {
  const properties = { ServiceToken: 'x', UserPoolId: 'pool', ClientId: 'web' };
  const event = (
    RequestType: 'Create' | 'Update' | 'Delete',
  ): CloudFormationCustomResourceEvent<ClientProvidersProperties> =>
    ({
      ...{
        RequestType,
        StackId: 'stack',
        RequestId: 'request',
        LogicalResourceId: 'ClientIdentityProviders',
      },
      ...{
        ResourceType: 'Custom::ClientIdentityProviders',
        PhysicalResourceId: 'pool/web/identity-providers',
      },
      ServiceToken: 'arn:aws:lambda:us-east-1:1:function:x',
      ResponseURL: 'https://cloudformation-custom-resource-response.example/abc',
      ResourceProperties: properties,
      OldResourceProperties: properties,
    }) as CloudFormationCustomResourceEvent<ClientProvidersProperties>;

  function setUp(keep: () => Promise<{ writes: number; providers: string[] }>) {
    const answers: CustomResourceResponse[] = [];
    const kept: string[] = [];
    const handler = createClientProvidersHandler({
      keep: async (pool, client) => {
        kept.push(`${pool}/${client}`);
        return keep();
      },
      respond: async (_, answer) => void answers.push(answer),
      log: () => {},
    });
    return { handler, answers, kept };
  }

  it.each(['Create', 'Update'] as const)(
    'should keep the providers and answer SUCCESS with them on %s',
    async (type) => {
      const { handler, answers, kept } = setUp(async () => ({ writes: 1, providers: ['COGNITO', 'rca'] }));

      await handler(event(type));

      expect(kept).toEqual(['pool/web']);
      expect(answers).toEqual([
        expect.objectContaining({
          Status: 'SUCCESS',
          PhysicalResourceId: 'pool/web/identity-providers',
          RequestId: 'request',
          Data: { Providers: 'COGNITO,rca' },
        }),
      ]);
    },
  );

  it('should touch nothing on Delete, and answer SUCCESS', async () => {
    const { handler, answers, kept } = setUp(async () => ({ writes: 0, providers: [] }));

    await handler(event('Delete'));

    expect(kept).toEqual([]);
    expect(answers[0]?.Status).toBe('SUCCESS');
  });

  it('should fail the deploy with the reason when the providers cannot be kept', async () => {
    const { handler, answers } = setUp(async () => {
      throw new Error('TooManyRequestsException');
    });

    await handler(event('Update'));

    expect(answers[0]).toMatchObject({
      Status: 'FAILED',
      Reason: expect.stringContaining('TooManyRequests'),
    });
  });

  it('should PUT the answer as JSON without a content type, as the pre-signed URL expects', async () => {
    const server = await startLoopbackServer();
    server.respond(() => ({ status: 200, body: '' }));
    try {
      const answer: CustomResourceResponse = {
        Status: 'SUCCESS',
        Reason: 'ok',
        PhysicalResourceId: 'p',
        StackId: 's',
        RequestId: 'r',
        LogicalResourceId: 'l',
      };
      await respondToCloudFormation(`${server.url}/response?X-Amz-Signature=abc`, answer);
      expect(server.requests[0]).toMatchObject({ method: 'PUT' });
      expect(server.requests[0]!.headers['content-type'] ?? '').toBe('');
      expect(JSON.parse(server.requests[0]!.body)).toEqual(answer);

      server.respond(() => ({ status: 403, body: 'SignatureDoesNotMatch' }));
      await expect(respondToCloudFormation(`${server.url}/response`, answer)).rejects.toThrow(/403/);
    } finally {
      await server.close();
    }
  });
});
