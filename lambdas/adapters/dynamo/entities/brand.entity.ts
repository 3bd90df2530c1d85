import {
  AS_WRITTEN,
  keyStrings,
  optionalStrings,
  requiredStrings,
  tableEntity,
  tableIndex,
} from './entity-kit';
import type { EntityConfig } from './table';

/** An account's brand (issue 24 item 4): one item per account; the logo is its object key in storage. */
export function brandEntity(config: EntityConfig) {
  return tableEntity(
    'brand',
    {
      attributes: {
        ...keyStrings('tenantId'),
        ...requiredStrings('companyName', 'colour', 'updatedAt'),
        ...optionalStrings('footer', 'logoKey'),
      },
      indexes: {
        byTenant: tableIndex(['tenantId'], [], AS_WRITTEN),
      },
    },
    config,
  );
}
