import { AS_WRITTEN, optionalNumbers, entityOf, tableIndex } from './entity-kit';

/**
 * One UTC day of email delivery counters (sent, bounced, complained), added to by the mailers and the
 * SES event handler; the admin dashboard's delivery health reads 30 of them with one query.
 */
export const deliveryDayEntity = entityOf('deliveryDay', {
  attributes: {
    date: { type: 'string', required: true },
    ...optionalNumbers('sent', 'bounced', 'complained'),
  },
  indexes: {
    byDate: tableIndex([], ['date'], AS_WRITTEN),
  },
});
