import { AS_WRITTEN, optionalStrings, requiredStrings, gsiIndex, entityOf } from './entity-kit';
import { byJobsiteDayIndex, JOBSITE_DAY, TABLE_KEYS } from './table';

/**
 * The last verdict for one jobsite and working day, with the judgement, the rules and a snapshot of
 * the forecast it was made on: the evidence the weather-day ledger reads.
 */
export const dispatchDecisionEntity = entityOf('dispatchDecision', {
  attributes: {
    ...JOBSITE_DAY,
    verdict: { type: ['none', 'partial', 'full'] as const, required: true },
    hoursLost: { type: 'number', required: true },
    /** Whether a delay has been called for this day (a notice or update went out, or would have). */
    delayCalled: { type: 'boolean', required: true },
    /**
     * The judgement, rules, forecast snapshot and announcement as one JSON string
     * (decision-evidence.ts); items written before it hold the four attributes below instead.
     */
    evidence: { type: 'string' },
    judgement: { type: 'any' },
    rules: { type: 'any' },
    forecast: { type: 'any' },
    ...optionalStrings('source', 'lastKind'),
    announcement: { type: 'any' },
    decidedAt: { type: 'string', required: true },
    runId: { type: 'string' },
    /** The contractor's mark: the called day was actually worked (true) or not (false). */
    worked: { type: 'boolean' },
    ...optionalStrings('workedNote', 'markedAt', 'markedBy', 'markedById'),
  },
  indexes: {
    byJobsiteDay: byJobsiteDayIndex(),
  },
});

/**
 * One message, claimed before it is sent: recipient, jobsite, day, kind and verdict are the key, and
 * the claim is created with `attribute_not_exists`, so a retried batch, a re-run planner or a redriven
 * queue message finds it taken and sends nothing.
 */
export const notificationClaimEntity = entityOf('notificationClaim', {
  attributes: {
    ...JOBSITE_DAY,
    /** notice | update | allClear, plus the verdict and (for updates) the hours it reports. */
    ...requiredStrings('messageKey', 'recipient'),
    /** `escalation`: a manager's escalation text (crew confirmation), listed in the send history. */
    kind: { type: ['notice', 'update', 'allClear', 'escalation'] as const, required: true },
    verdict: { type: ['none', 'partial', 'full'] as const, required: true },
    audience: { type: ['worker', 'manager', 'client'] as const, required: true },
    ...optionalStrings('recipientName', 'jobsiteName'),
    status: { type: ['PENDING', 'SENT', 'FAILED'] as const, required: true },
    ...optionalStrings('messageId', 'error'),
    claimedAt: { type: 'string', required: true },
    ...optionalStrings('sentAt', 'runId'),
    /** Who changed the rules that led to this message, when a person did (issue 22). */
    causedBy: { type: 'string' },
    /** Absent on email claims; SMS claims' message keys start `sms:`. */
    channel: { type: ['email', 'sms'] as const },
    segments: { type: 'number' },
    /** SMS: the last delivery event (End User Messaging SMS via SNS). */
    deliveryStatus: { type: ['SENT', 'DELIVERED', 'FAILED'] as const },
    deliveryAt: { type: 'string' },
  },
  indexes: {
    byMessage: byJobsiteDayIndex('messageKey', 'recipient'),
    byTenantTime: gsiIndex(TABLE_KEYS.gsi1, ['tenantId'], ['claimedAt', 'recipient'], AS_WRITTEN),
  },
});
