import type { TenantId } from '../../core/caller';
import type { BrandStore, StoredBrand } from '../../core/brand/brand.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { pickFields } from '../../../shared/pick-fields';
import type { EntityItem } from 'electrodb';
import { batchGet } from './batch-get';

/** What a brand item always holds, stored as it is. */
const REQUIRED = ['companyName', 'colour', 'updatedAt'] as const;

type BrandItem = EntityItem<RaincheckService['entities']['brand']>;

const storedBrandOf = (data: BrandItem): StoredBrand => ({
  ...pickFields(data, REQUIRED),
  footer: data.footer ?? '',
  logoKey: data.logoKey ?? null,
});

/** The account's one brand item: a PUT replaces it whole, so repeating one writes the same item. */
export class DynamoBrandStore implements BrandStore {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId): Promise<StoredBrand | null> {
    const { data } = await this.db.entities.brand.get(tenantKey(tenant)).go();
    return data ? storedBrandOf(data) : null;
  }

  getMany(tenants: readonly TenantId[]): Promise<Map<string, StoredBrand>> {
    return batchGet(
      'brands',
      tenants.map((t) => tenantKey(t)),
      (keys) => this.db.entities.brand.get(keys).go(),
      storedBrandOf,
      (_, item) => item.tenantId,
    );
  }

  /** An empty footer and no logo are stored as absent. */
  async put(tenant: TenantId, brand: StoredBrand): Promise<void> {
    const { footer, logoKey } = brand;
    const optional = { ...(footer ? { footer } : {}), ...(logoKey ? { logoKey } : {}) };
    await this.db.entities.brand
      .put({ ...tenantKey(tenant), ...pickFields(brand, REQUIRED), ...optional })
      .go();
  }
}
