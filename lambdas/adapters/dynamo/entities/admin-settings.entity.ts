import { requiredStrings, entityOf, tableIndex } from './entity-kit';

/** The product-wide settings of /admin/settings: one item, with who changed it last and when. */
export const adminSettingsEntity = entityOf('adminSettings', {
  attributes: {
    /** Always "product": the key of the one item. */
    scope: { type: 'string', required: true },
    ...requiredStrings('senderName', 'replyTo'),
    defaultNoticeTimes: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          time: { type: 'string', required: true },
          forDay: { type: ['next', 'same'] as const, required: true },
        },
      },
    },
    ...requiredStrings('updatedBy', 'updatedAt'),
  },
  indexes: {
    byScope: tableIndex(['scope'], []),
  },
});
