import { AS_WRITTEN, entityOf, keyStrings, optionalStrings, requiredStrings, tableIndex } from './entity-kit';

/** An account's brand (issue 24 item 4): one item per account; the logo is its object key in storage. */
export const brandEntity = entityOf('brand', {
  attributes: {
    ...keyStrings('tenantId'),
    ...requiredStrings('companyName', 'colour', 'updatedAt'),
    ...optionalStrings('footer', 'logoKey'),
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], [], AS_WRITTEN),
  },
});
