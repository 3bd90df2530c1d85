import { AS_WRITTEN, entityOf, listOfMaps, optionalStrings, requiredStrings, tableIndex } from './entity-kit';
import { metricsIndex } from './table';

/** One billing history entry per invoice id (spec §3); amount in integer cents. */
export const billingEntryEntity = entityOf('billingEntry', {
  attributes: {
    ...requiredStrings('ownerId', 'invoiceId', 'date', 'description', 'currency', 'status'),
    amount: { type: 'number', required: true },
    ...optionalStrings('invoiceNumber', 'invoiceUrl'),
    /** A payment attempt on this unpaid invoice failed (the admin metrics count it as failed). */
    paymentFailed: { type: 'boolean' },
    /** The invoice's lines (credit for unused time, charge for the new plan); cents, credits negative. */
    lines: listOfMaps({
      description: { type: 'string', required: true },
      amount: { type: 'number', required: true },
      proration: { type: 'boolean', required: true },
      ...optionalStrings('periodStart', 'periodEnd'),
    }),
  },
  indexes: {
    byOwner: tableIndex(['ownerId'], ['invoiceId'], AS_WRITTEN),
    /** Every billing entry by date, for the admin metrics. */
    allForMetrics: metricsIndex('billingEntry', ['date', 'invoiceId']),
  },
});
