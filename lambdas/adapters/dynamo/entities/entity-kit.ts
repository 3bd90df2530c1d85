import type { Attribute, Entity, Schema } from 'electrodb';
import { entityWithErrorsOnFailure } from './errors-on-failure';
import { SERVICE, TABLE_KEYS, type EntityConfig, type TableGsi } from './table';

/**
 * An entity of the one table, as a factory: every entity shares the service name and version 1, so
 * a new one names only its kind, its attributes and its indexes. The service (service.ts) calls the
 * factory with the table and the client on the entity's first use, since ElectroDB builds and
 * validates the schema as it constructs the entity. The generics are ElectroDB's own, so items, keys
 * and queries stay as precisely typed as with `new Entity(...)`. The class is ElectroDB's Entity with
 * a failed call's error built when it fails, not before every call (errors-on-failure.ts).
 */
export function entityOf<
  A extends string,
  F extends string,
  C extends string,
  const Attrs extends { readonly [a in A]: Attribute },
  const Indexes extends Schema<A, F, C>['indexes'],
>(entity: string, schema: { attributes: Attrs; indexes: Indexes }) {
  const model = { entity, version: '1', service: SERVICE };
  type Built = Entity<A, F, C, { model: typeof model; attributes: Attrs; indexes: Indexes }>;
  return (config: EntityConfig): Built =>
    new (entityWithErrorsOnFailure())({ model, ...schema }, config) as Built;
}

type Named<K extends string, T> = { readonly [P in K]: T };

function named<K extends string, T>(names: readonly K[], attribute: T): Named<K, T> {
  return Object.fromEntries(names.map((name) => [name, attribute])) as Named<K, T>;
}

/** Attributes every item of the entity has, as strings. */
export function requiredStrings<const K extends string>(...names: K[]) {
  return named(names, { type: 'string', required: true } as const);
}

/** Attributes an item may lack, as strings. */
export function optionalStrings<const K extends string>(...names: K[]) {
  return named(names, { type: 'string' } as const);
}

/** Attributes that make up an item's key: required, and never rewritten once written. */
export function keyStrings<const K extends string>(...names: K[]) {
  return named(names, { type: 'string', required: true, readOnly: true } as const);
}

/** Counters and amounts every item has. */
export function requiredNumbers<const K extends string>(...names: K[]) {
  return named(names, { type: 'number', required: true } as const);
}

/** Counters an item may lack (a conditional `add` creates them). */
export function optionalNumbers<const K extends string>(...names: K[]) {
  return named(names, { type: 'number' } as const);
}

/** A list of maps of these properties (an item's lines, recipients, dated names). */
export function listOfMaps<const P extends Record<string, Attribute>>(properties: P) {
  return { type: 'list', items: { type: 'map', properties } } as const;
}

/** `expiresAt`, epoch seconds on the table's TTL attribute: DynamoDB deletes the item after it. */
export const EXPIRES = { expiresAt: { type: 'number', field: TABLE_KEYS.ttl } } as const;
/** `expiresAt` on an item that always expires. */
export const ALWAYS_EXPIRES = {
  expiresAt: { type: 'number', required: true, field: TABLE_KEYS.ttl },
} as const;

/** How a key's values are written: 'none' keeps them as given; absent, ElectroDB lower-cases them. */
type KeyCasing = { pk?: 'none'; sk?: 'none' };

/** Both keys as written ('none'): ids, emails and dates whose case must survive. */
export const AS_WRITTEN = { pk: 'none', sk: 'none' } as const;

/**
 * An index on the table's own `pk`/`sk`: the partition from the `pk` attributes, the sort key from
 * the `sk` ones. The casing is part of the stored key, so an entity keeps the one it was created with.
 */
export function tableIndex<const P extends string, const S extends string>(
  pk: readonly P[],
  sk: readonly S[],
  casing: KeyCasing = {},
) {
  return {
    pk: { field: TABLE_KEYS.pk, composite: pk, ...withCasing(casing.pk) },
    sk: { field: TABLE_KEYS.sk, composite: sk, ...withCasing(casing.sk) },
  };
}

// An absent `casing` (not `casing: undefined`) is what ElectroDB reads as its default.
function withCasing(casing: 'none' | undefined): { casing?: 'none' } {
  return casing ? { casing } : {};
}

/** The same on one of the table's global secondary indexes (`TABLE_KEYS.gsi1` or `gsi2`). */
export function gsiIndex<const P extends string, const S extends string>(
  gsi: TableGsi,
  pk: readonly P[],
  sk: readonly S[],
  casing: KeyCasing = {},
) {
  return {
    index: gsi.name,
    pk: { field: gsi.pk, composite: pk, ...withCasing(casing.pk) },
    sk: { field: gsi.sk, composite: sk, ...withCasing(casing.sk) },
  };
}
