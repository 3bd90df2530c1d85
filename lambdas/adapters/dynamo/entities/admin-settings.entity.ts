import { Entity } from 'electrodb';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/** The product-wide settings of /admin/settings: one item, with who changed it last and when. */
export function adminSettingsEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'adminSettings', version: '1', service: SERVICE },
      attributes: {
        /** Always "product": the key of the one item. */
        scope: { type: 'string', required: true },
        senderName: { type: 'string', required: true },
        replyTo: { type: 'string', required: true },
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
        updatedBy: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byScope: {
          pk: { field: TABLE_KEYS.pk, composite: ['scope'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    config,
  );
}
