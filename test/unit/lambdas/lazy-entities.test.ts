/**
 * Issue 26 item 8: a Lambda's load builds no ElectroDB entity (each costs ~3 ms of schema validation)
 * and does not even load ElectroDB; an entity is built on its first use, once per container. Nor
 * does it build a zod schema (the first ones cost ~5–10 ms of zod warming up, then ~0.2 ms each):
 * schemas are built on their first parse (shared/built-on-first-use.ts). zod's namespace is replaced by
 * one whose builders (`z.object`, `z.string`, `z.coerce.number`…) record each call; lambdas/config.ts
 * reads the environment with zod/mini, a separate module, at load by design. ElectroDB's Entity is replaced by a
 * subclass that records each construction, then every Lambda entry of infra/lambda-entries.ts is
 * loaded as its runtime loads it. No timing: what is counted is work done, not how long it took.
 */
import path from 'node:path';
import { LAMBDA_ENTRIES } from '../../../infra/lambda-entries';

const mockBuilt: string[] = [];
/** How many times a module registry loaded ElectroDB (its own module evaluation is ~a third of a small Lambda's init). */
let mockElectroLoads = 0;

jest.mock('electrodb', () => {
  mockElectroLoads++;
  const actual = jest.requireActual<typeof import('electrodb')>('electrodb');
  class CountingEntity extends actual.Entity<string, string, string, never> {
    constructor(...args: ConstructorParameters<typeof actual.Entity>) {
      super(...(args as [never, never]));
      mockBuilt.push((args[0] as { model: { entity: string } }).model.entity);
    }
  }
  return { ...actual, Entity: CountingEntity };
});

const mockZodBuilt: string[] = [];

jest.mock('zod', () => {
  const actual = jest.requireActual<Record<string, unknown>>('zod');
  /** The namespace's builders (lower-case functions) record their calls; classes stay as they are. */
  const counting = (ns: Record<string, unknown>, prefix: string) =>
    Object.fromEntries(
      Object.entries(ns).map(([name, value]) => [
        name,
        typeof value === 'function' && /^[a-z]/.test(name)
          ? (...args: unknown[]) => {
              mockZodBuilt.push(`${prefix}${name}`);
              return (value as (...a: unknown[]) => unknown)(...args);
            }
          : value,
      ]),
    );
  return {
    ...counting(actual, 'z.'),
    coerce: counting(actual.coerce as Record<string, unknown>, 'z.coerce.'),
  };
});

// ESM only, which Jest's CommonJS runtime cannot load; the webhook transport only builds its agents.
jest.mock('request-filtering-agent', () => ({
  RequestFilteringHttpAgent: class {},
  RequestFilteringHttpsAgent: class {},
}));

/** What the stack gives every function (infra/constructs/api.construct.ts), as dummy values. */
const LAMBDA_ENV: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_LAMBDA_FUNCTION_NAME: 'raincheck-test',
  TABLE_NAME: 'raincheck-test',
  USER_POOL_ID: 'us-east-1_test',
  USER_POOL_CLIENT_ID: 'test-client',
  MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
  SES_CONFIGURATION_SET: 'raincheck-test',
  DISPATCH_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-test',
  WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-test-webhooks',
  SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:us-east-1:123456789012:phone-number/phone-test',
  SMS_CONFIGURATION_SET: 'raincheck-test',
  UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-of-at-least-32-characters',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:raincheck-stripe-test',
  WEATHER_API_KEY_PARAM: '/raincheck/weather-api-key',
  APP_ORIGIN: 'https://test.example',
  POWERTOOLS_SERVICE_NAME: 'raincheck-test',
};

const savedEnv = { ...process.env };
beforeAll(() => Object.assign(process.env, LAMBDA_ENV));
afterAll(() => {
  process.env = savedEnv;
});
beforeEach(() => {
  mockBuilt.length = 0;
  mockElectroLoads = 0;
  mockZodBuilt.length = 0;
});

const ROOT = path.resolve(__dirname, '../../..');

describe('Lambda load', () => {
  it.each(LAMBDA_ENTRIES.map((e) => [e.name, e.entry]))(
    'should build no entity nor zod schema, nor load ElectroDB, while the %s Lambda loads',
    async (_name, entry) => {
      let mod: { handler?: unknown } = {};
      await jest.isolateModulesAsync(async () => {
        mod = (await import(path.join(ROOT, entry))) as { handler?: unknown };
      });
      expect(typeof mod.handler).toBe('function');
      expect(mockBuilt).toEqual([]);
      expect(mockElectroLoads).toBe(0);
      expect(mockZodBuilt).toEqual([]);
    },
  );
});

describe('a schema built on first use', () => {
  it('should be built by its first parse, once, and parse as the schema itself', async () => {
    const { clientInputSchema } = await import('../../../shared/records/client');
    expect(mockZodBuilt).toEqual([]);
    const parsed = clientInputSchema.safeParse({ name: '  Acme  ' });
    expect(parsed.success && parsed.data).toMatchObject({ name: 'Acme', notifyNoWork: false });
    const built = mockZodBuilt.length;
    expect(built).toBeGreaterThan(0);
    expect(clientInputSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      'Company name is required',
    );
    expect(mockZodBuilt).toHaveLength(built);
  });
});

describe('the table service', () => {
  // Builds no request: `params()` only renders the items, so no endpoint is ever called.
  const loadService = async () => {
    const { createRaincheckService } = await import('../../../lambdas/adapters/dynamo/service');
    const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    return createRaincheckService('raincheck', DynamoDBDocumentClient.from(new DynamoDBClient({})));
  };

  it('should build an entity on its first use, and only once', async () => {
    const db = await loadService();
    expect(mockBuilt).toEqual([]);
    expect(mockElectroLoads).toBe(0);
    const key = db.entities.jobsite.get({ tenantId: 't1', jobsiteId: 'j1' }).params().Key;
    expect(key).toEqual(db.entities.jobsite.get({ tenantId: 't1', jobsiteId: 'j1' }).params().Key);
    expect(mockBuilt).toEqual(['jobsite']);
    expect(mockElectroLoads).toBe(1);
  });

  it('should build only the entities a transaction uses', async () => {
    const db = await loadService();
    const params = db.transaction
      .write(({ client, crew }) => [
        client.delete({ tenantId: 't1', clientId: 'c1' }).commit(),
        crew.delete({ tenantId: 't1', crewId: 'w1' }).commit(),
      ])
      .params();
    expect(params.TransactItems).toHaveLength(2);
    expect([...mockBuilt].sort()).toEqual(['client', 'crew']);
  });

  it('should build every entity of the table when each is used (their schemas are valid)', async () => {
    const db = await loadService();
    const names = Object.keys(db.entities);
    for (const name of names) expect(db.entities[name as keyof typeof db.entities]).toBeDefined();
    expect(mockBuilt).toHaveLength(names.length);
    expect(names.length).toBeGreaterThan(40);
  });
});
