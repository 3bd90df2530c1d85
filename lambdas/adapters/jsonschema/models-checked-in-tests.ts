/**
 * What Lambda bundles resolve `jsonschema` to (infra/bundling/lambda-bundling.ts; issue 26 item 8).
 * ElectroDB requires jsonschema for one thing: checking an entity's model against its own JSON schemas
 * when the entity is built (electrodb/src/validations.js, `validateModel`), which throws on a model
 * it does not accept. Our models are static (lambdas/adapters/dynamo/entities/): every one of them is
 * checked with the real jsonschema, through ElectroDB's own `validateModel`, in
 * test/unit/lambdas/entity-models-checked.test.ts, which also shows that an invalid model fails there.
 * So a Lambda need not parse jsonschema (28 KB) at every cold start, nor run it for every entity it
 * builds: this module accepts every model.
 *
 * What ElectroDB calls on it: `Validator.prototype.customFormats.<name> = fn` at load, `new Validator()`,
 * `addSchema(schema, id)` and `validate(instance, schema).errors`. One other caller asks whether
 * something is a model rather than check one (`testModel`, from `Service`'s `join`): an entity or a
 * service instance carries ElectroDB's `_instance` mark and is answered as jsonschema answers it, not
 * a model. Raincheck builds no ElectroDB `Service` (lambdas/adapters/dynamo/service.ts); the test checks
 * that answer all the same.
 */

/** An error of jsonschema's result, as far as ElectroDB reads it. */
export interface ModelCheckError {
  readonly property: string;
  readonly message: string;
  readonly argument?: unknown;
}

export class Validator {
  /** Named formats ElectroDB registers on the prototype at load; the checks are not run here. */
  declare customFormats: Record<string, (input: unknown) => boolean>;

  /** ElectroDB registers its model schemas once at load; nothing here reads them. */
  addSchema(): void {}

  validate(instance: unknown): { errors: ModelCheckError[] } {
    const isElectroInstance =
      typeof instance === 'object' &&
      instance !== null &&
      '_instance' in instance &&
      instance._instance !== undefined;
    return {
      errors: isElectroInstance
        ? [{ property: 'instance', message: 'is an ElectroDB entity or service, not a model' }]
        : [],
    };
  }
}

Validator.prototype.customFormats = {};
