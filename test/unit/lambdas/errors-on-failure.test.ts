import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { isConditionFailure } from '../../../lambdas/adapters/dynamo/conditions';
import {
  keyStrings,
  optionalStrings,
  tableIndex,
} from '../../../lambdas/adapters/dynamo/entities/entity-kit';
import { entityWithErrorsOnFailure } from '../../../lambdas/adapters/dynamo/entities/errors-on-failure';

/**
 * Issue 26 item 5: ElectroDB builds an ElectroError (a stack trace) before every call; the table's
 * entities build it only when the call fails, and it must be the same error ElectroDB gives.
 * The client never reaches a network: its first middleware answers or throws what the test says.
 */
function clientAnswering(answer: () => Promise<unknown>) {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  client.middlewareStack.add(() => () => answer() as never, { step: 'initialize', name: 'answer' });
  return DynamoDBDocumentClient.from(client);
}

const schema = {
  model: { entity: 'note', version: '1', service: 'raincheck' },
  attributes: {
    ...keyStrings('tenantId', 'noteId'),
    ...optionalStrings('text'),
    // Read back only from an item that has it: the answer a test gives to make reading fail.
    broken: {
      type: 'string',
      get: (value: unknown) => {
        if (value === 'throw') throw new Error('cannot read broken');
        return value;
      },
    },
  },
  indexes: { byTenant: tableIndex(['tenantId'], ['noteId'], { sk: 'none' }) },
};

type Calls = ReturnType<typeof calls>;
function calls(EntityClass: typeof Entity, answer: () => Promise<unknown>) {
  const note = new EntityClass(schema as never, { table: 'raincheck', client: clientAnswering(answer) });
  const n = note as unknown as {
    get: (k: object) => { go: (o?: object) => Promise<unknown> };
    put: (i: object) => { go: (o?: object) => Promise<unknown> };
    create: (i: object) => { go: (o?: object) => Promise<unknown> };
    query: { byTenant: (k: object) => { go: (o?: object) => Promise<unknown> } };
  };
  return {
    get: (o?: object) => n.get({ tenantId: 't', noteId: 'n' }).go(o),
    create: (o?: object) => n.create({ tenantId: 't', noteId: 'n', text: 'x' }).go(o),
    query: (o?: object) => n.query.byTenant({ tenantId: 't' }).go(o),
  };
}

async function failure(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (err) {
    const e = err as Error & {
      code?: number;
      cause?: unknown;
      isElectroError?: boolean;
      params?: () => unknown;
    };
    return {
      name: e.name,
      message: e.message,
      code: e.code,
      // Each call fails with an error of its own (ElectroDB marks the one it sees).
      cause: e.cause instanceof Error ? { name: e.cause.name, message: e.cause.message } : e.cause,
      isElectroError: e.isElectroError,
      params: e.params?.(),
      conditionFailed: isConditionFailure(err),
    };
  }
  throw new Error('the call did not fail');
}

describe('ElectroDB errors built when a call fails', () => {
  const conditionFailed = () =>
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  const thrown = () => new Error('socket hang up');
  const fail = (err: () => Error) => () => Promise.reject(err());

  it.each([
    ['a get the SDK fails', 'get', thrown],
    ['a query the SDK fails', 'query', thrown],
    ['a create whose condition fails', 'create', conditionFailed],
  ] as const)('should reject %s with the error ElectroDB gives', async (_, method, err) => {
    const ours = calls(entityWithErrorsOnFailure() as typeof Entity, fail(err));
    const electro = calls(Entity, fail(err));
    const expected = await failure(() => electro[method as keyof Calls]());
    expect(expected.isElectroError).toBe(true);
    expect(expected.cause).toEqual({ name: err().name, message: err().message });
    expect(await failure(() => ours[method as keyof Calls]())).toEqual(expected);
  });

  it('should reject a get whose answer ElectroDB cannot read with the error ElectroDB gives', async () => {
    const item = { tenantId: 't', noteId: 'n', broken: 'throw', __edb_e__: 'note', __edb_v__: '1' };
    const answer = () => Promise.resolve({ output: { Item: item, $metadata: {} }, response: {} });
    const expected = await failure(() => calls(Entity, answer).get());
    expect(expected.cause).toEqual({ name: 'Error', message: 'cannot read broken' });
    expect(await failure(() => calls(entityWithErrorsOnFailure() as typeof Entity, answer).get())).toEqual(
      expected,
    );
  });

  it('should still tell a failed condition from other failures', async () => {
    const ours = calls(entityWithErrorsOnFailure() as typeof Entity, fail(conditionFailed));
    expect((await failure(() => ours.create())).conditionFailed).toBe(true);
    const other = calls(entityWithErrorsOnFailure() as typeof Entity, fail(thrown));
    expect((await failure(() => other.create())).conditionFailed).toBe(false);
  });

  it('should reject with the raw error when the caller asks for it, as ElectroDB does', async () => {
    const raw = thrown();
    const ours = calls(entityWithErrorsOnFailure() as typeof Entity, () => Promise.reject(raw));
    await expect(ours.get({ originalErr: true })).rejects.toBe(raw);
  });

  it('should capture no stack trace for a call that succeeds (ElectroDB captures one per call)', async () => {
    const answer = () => Promise.resolve({ output: { $metadata: {} }, response: {} });
    const capture = jest.spyOn(Error, 'captureStackTrace');
    try {
      const electro = calls(Entity, answer);
      capture.mockClear();
      await electro.get();
      expect(capture).toHaveBeenCalled();
      const ours = calls(entityWithErrorsOnFailure() as typeof Entity, answer);
      capture.mockClear();
      expect(await ours.get()).toEqual({ data: null });
      await ours.query();
      expect(capture).not.toHaveBeenCalled();
    } finally {
      capture.mockRestore();
    }
  });
});
