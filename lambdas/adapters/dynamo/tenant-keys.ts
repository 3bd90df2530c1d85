import type { TenantId } from '../../core/caller';

/**
 * The one helper that builds the key attributes of tenant data. Every tenant-owned entity is
 * partitioned by `tenantId`, which only ever comes from a TenantId (the verified caller's `sub`);
 * repositories never take a tenant from anywhere else.
 */
export function tenantKey<const R extends Record<string, string>>(
  tenant: TenantId,
  recordKey?: R,
): { tenantId: string } & R {
  return { ...(recordKey ?? ({} as R)), tenantId: tenant };
}
