import type { TenantId } from '../../core/caller';
import type { BrandStore, StoredBrand } from '../../core/brand/brand.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

/** The account's one brand item: a PUT replaces it whole, so repeating one writes the same item. */
export class DynamoBrandStore implements BrandStore {
  constructor(private readonly db: RaincheckService) {}

  async get(tenant: TenantId): Promise<StoredBrand | null> {
    const { data } = await this.db.entities.brand.get(tenantKey(tenant)).go();
    if (!data) return null;
    return {
      companyName: data.companyName,
      colour: data.colour,
      footer: data.footer ?? '',
      logoKey: data.logoKey ?? null,
      updatedAt: data.updatedAt,
    };
  }

  async put(tenant: TenantId, brand: StoredBrand): Promise<void> {
    await this.db.entities.brand
      .put({
        ...tenantKey(tenant),
        companyName: brand.companyName,
        colour: brand.colour,
        updatedAt: brand.updatedAt,
        ...(brand.footer ? { footer: brand.footer } : {}),
        ...(brand.logoKey ? { logoKey: brand.logoKey } : {}),
      })
      .go();
  }
}
