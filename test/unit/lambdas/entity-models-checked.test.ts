/**
 * Issue 26 item 8: Lambda bundles resolve `jsonschema` (what ElectroDB checks an entity's model with
 * as it builds the entity) to lambdas/adapters/jsonschema/models-checked-in-tests.ts, which accepts
 * every model. That holds only because every model of the table is checked here with the real
 * jsonschema, through ElectroDB's own check: a model it refuses fails this test, as the invalid model
 * below shows. Each ElectroDB here is a fresh module registry whose `jsonschema` is the real one or ours.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as modelsCheckedInTests from '../../../lambdas/adapters/jsonschema/models-checked-in-tests';

/** ElectroDB's validations module, as far as this test calls it (it ships no types for it). */
interface ElectroValidations {
  model: (model: unknown) => void;
  testModel: (instance: unknown) => [boolean, string];
}

type Jsonschema = Record<string, unknown>;

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

type Built = ReadonlyArray<readonly [string, unknown]>;

/**
 * A module registry whose ElectroDB requires `jsonschema` as given: its validations module, every
 * entity of the table built in it (within the registry: the service requires ElectroDB on first use),
 * and each model it validated.
 */
function electroWith(jsonschema: Jsonschema) {
  const validated: unknown[] = [];
  const recording = {
    ...jsonschema,
    Validator: class extends (jsonschema.Validator as new () => { validate(...a: unknown[]): unknown }) {
      override validate(instance: unknown, ...rest: unknown[]) {
        if (!validated.includes(instance)) validated.push(instance);
        return super.validate(instance, ...rest);
      }
    },
  };
  let validations: ElectroValidations | undefined;
  let built: Built = [];
  jest.isolateModules(() => {
    jest.doMock('jsonschema', () => recording);
    validations = jest.requireActual<ElectroValidations>('electrodb/src/validations');
    const service = jest.requireActual<typeof import('../../../lambdas/adapters/dynamo/service')>(
      '../../../lambdas/adapters/dynamo/service',
    );
    const { entities } = service.createRaincheckService('raincheck', client);
    built = Object.keys(entities).map((name) => [name, entities[name as keyof typeof entities]] as const);
  });
  return { validations: validations!, built, validated };
}

/** An entity's model as ElectroDB parsed it, comparable across registries (functions by their source). */
const parsedModel = (entity: unknown) =>
  JSON.stringify((entity as { model: unknown }).model, (_key, value: unknown) =>
    typeof value === 'function' ? `fn ${String(value)}` : value instanceof Set ? [...value] : value,
  );

const real = electroWith(jest.requireActual<Jsonschema>('jsonschema'));
const ours = electroWith(modelsCheckedInTests as unknown as Jsonschema);

describe("ElectroDB's model check", () => {
  const builtWithReal = real.built;
  const builtWithOurs = ours.built;
  const models = [...real.validated];

  it('should see every entity model of the table, with the real jsonschema', () => {
    expect(builtWithReal.length).toBeGreaterThan(40);
    expect(models).toHaveLength(builtWithReal.length);
    // …and ours sees the same models in the other registry (so the comparisons below compare two).
    expect(ours.validated).toHaveLength(models.length);
  });

  it('should accept every model of the table with the real jsonschema, as the bundles do', () => {
    for (const model of models) {
      expect(real.validations.testModel(model)).toEqual([true, '']);
      expect(ours.validations.testModel(model)).toEqual([true, '']);
    }
  });

  it('should refuse an invalid model with the real jsonschema (so the check above can fail)', () => {
    const model = models[0] as { attributes: Record<string, unknown> };
    const invalid = {
      ...model,
      attributes: { ...model.attributes, broken: { type: 'string', get: 'not a function' } },
    };
    const [isModel, error] = real.validations.testModel(invalid);
    expect(isModel).toBe(false);
    expect(error).toMatch(/broken\.get must be a function/);
    expect(() => real.validations.model({ ...model, attributes: undefined })).toThrow(/attributes/);
  });

  it('should build every entity as with the real jsonschema', () => {
    expect(builtWithOurs.map(([name]) => name)).toEqual(builtWithReal.map(([name]) => name));
    builtWithOurs.forEach(([name, entity], i) => {
      expect([name, parsedModel(entity)]).toEqual([name, parsedModel(builtWithReal[i]![1])]);
    });
  });

  it('should answer that an entity is not a model, as the real jsonschema does', () => {
    for (const [, entity] of builtWithReal.slice(0, 3)) {
      expect(real.validations.testModel(entity)[0]).toBe(false);
      expect(ours.validations.testModel(entity)[0]).toBe(false);
    }
  });
});
