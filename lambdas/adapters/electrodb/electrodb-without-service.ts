/* eslint-disable @typescript-eslint/no-require-imports -- ElectroDB's own CommonJS files, as its entry requires them */
import type * as ElectroDB from 'electrodb';

/**
 * What Lambda bundles resolve `electrodb` to (infra/bundling/lambda-bundling.ts; issue 26 item 8):
 * ElectroDB's own entry (`electrodb/index.js`), name for name from the same files, but `Service`.
 * Raincheck builds no ElectroDB Service (the table has no collections: lambdas/adapters/dynamo/service.ts
 * builds the entities and transactions itself), and nothing but the entry requires `src/service.js`:
 * 19 KB less parsed at every cold start of a table Lambda. test/unit/lambdas/electrodb-without-service
 * .test.ts checks every other name against the package's own; an ElectroDB upgrade that adds one fails there.
 */
type Package = typeof ElectroDB;

const { Entity } = require('../../../node_modules/electrodb/src/entity.js') as Pick<Package, 'Entity'>;
const transactions = require('../../../node_modules/electrodb/src/transaction.js') as Pick<
  Package,
  'createGetTransaction' | 'createWriteTransaction'
>;
const schema = require('../../../node_modules/electrodb/src/schema.js') as Pick<
  Package,
  'createCustomAttribute' | 'CustomAttributeType' | 'createSchema'
>;
const errors = require('../../../node_modules/electrodb/src/errors.js') as Record<
  | 'ElectroError'
  | 'ElectroValidationError'
  | 'ElectroUserValidationError'
  | 'ElectroAttributeValidationError',
  unknown
>;
const { createConversions } = require('../../../node_modules/electrodb/src/conversions.js') as Pick<
  Package,
  'createConversions'
>;
const types = require('../../../node_modules/electrodb/src/types.js') as {
  ComparisonTypes: unknown;
  EntityIdentifiers: unknown;
  EntityIdentifierFields: unknown;
};

export { Entity, createConversions };
export const { createGetTransaction, createWriteTransaction } = transactions;
export const { createCustomAttribute, CustomAttributeType, createSchema } = schema;
export const {
  ElectroError,
  ElectroValidationError,
  ElectroUserValidationError,
  ElectroAttributeValidationError,
} = errors;
export const { ComparisonTypes, EntityIdentifiers, EntityIdentifierFields } = types;
