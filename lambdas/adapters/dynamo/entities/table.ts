import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The single table (DESIGN §4): `pk`/`sk`, GSIs `gsi1` and `gsi2`, TTL on `expiresAt`.
 * Tenant data is always keyed by the verified token's `sub` (see tenant-keys.ts).
 */
export const TABLE_KEYS = {
  pk: 'pk',
  sk: 'sk',
  gsi1: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  gsi2: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  ttl: 'expiresAt',
} as const;

export const SERVICE = 'raincheck';

/**
 * The constant gsi2 partition of one kind of item, read whole by the admin metrics
 * (docs/metrics.md): one query per kind, never a scan.
 */
export function metricsPartition(kind: 'profile' | 'subscription' | 'billingEntry') {
  return { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: [], template: `metrics#${kind}` } as const;
}

/** What every entity factory is given: the table and the one document client of the process. */
export interface EntityConfig {
  table: string;
  client: DynamoDBDocumentClient;
}
