import { optionalStrings, requiredStrings, entityOf } from './entity-kit';
import { byUserIndex, metricsIndex } from './table';

/** The account owner's profile, one per account. */
export const profileEntity = entityOf('profile', {
  attributes: {
    ...requiredStrings('userId', 'email'),
    ...optionalStrings('name', 'company'),
    units: { type: ['us', 'metric'] as const, required: true, default: 'us' },
    /** Quiet hours (shared/quiet-hours): off until set; start and end are kept while off. */
    quietEnabled: { type: 'boolean' },
    ...optionalStrings('quietStart', 'quietEnd', 'createdAt', 'updatedAt'),
    /** Counts the saves made through `replaceProfile`: each writes only on the revision it read. */
    revision: { type: 'number' },
  },
  indexes: {
    byUser: byUserIndex(),
    /** Every profile, for the admin metrics (createdAt is optional, so it is not in the key). */
    allForMetrics: metricsIndex('profile', ['userId']),
  },
});
