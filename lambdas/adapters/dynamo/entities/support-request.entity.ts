import { Entity } from 'electrodb';
import { SUPPORT_STATUSES } from '../../../../shared/support';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * A customer's support request (issue 22 §5), in the account's partition. Two more ways in for the
 * admins: the queue (`gsi1`: one partition for requests not closed, one for closed ones, by age) and
 * the request's id alone (`gsi2`), since an admin's route names a request without its account.
 */
export function supportRequestEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'supportRequest', version: '1', service: SERVICE },
      attributes: {
        tenantId: { type: 'string', required: true, readOnly: true },
        requestId: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        company: { type: 'string' },
        plan: { type: ['none', 'basic', 'premium', 'enterprise'] as const, required: true },
        subject: { type: 'string', required: true },
        body: { type: 'string', required: true },
        page: { type: 'string', required: true },
        status: { type: SUPPORT_STATUSES, required: true },
        /** `open` (new, or the customer wrote last) and `answered` share the open queue; `closed` has its own. */
        queue: { type: ['open', 'closed'] as const, required: true },
        assignee: { type: 'string' },
        /** The queue's sort key: set once at creation (repeated on writes that move the queue partition). */
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
        firstResponseAt: { type: 'string' },
      },
      indexes: {
        byAccount: {
          pk: { field: TABLE_KEYS.pk, casing: 'none', composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, casing: 'none', composite: ['requestId'] },
        },
        byQueue: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, casing: 'none', composite: ['queue'] },
          sk: { field: TABLE_KEYS.gsi1.sk, casing: 'none', composite: ['createdAt', 'requestId'] },
        },
        byId: {
          index: TABLE_KEYS.gsi2.name,
          pk: { field: TABLE_KEYS.gsi2.pk, casing: 'none', composite: ['requestId'] },
          sk: { field: TABLE_KEYS.gsi2.sk, casing: 'none', composite: [] },
        },
      },
    },
    config,
  );
}
