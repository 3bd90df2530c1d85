import { PLANS, type PlanId } from './plans';

/**
 * Support (issue 22 §5–7): a customer's support requests and their threads, the admins' queue, and
 * the account's grant of read-only support access. Shared by the API (validation) and the SPA (forms,
 * the queue's time left). No zod here: the Lambda authorizer reads the token prefix; the schemas are
 * in support-schemas.ts.
 */

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_BODY_MAX = 5000;
export const SUPPORT_PAGE_MAX = 300;
/** The longest support access an owner grants at once (the 72 hours). */
export const SUPPORT_GRANT_MAX_HOURS = 72;
/** Support session tokens start with this, so logs, scanners and the authenticator can tell them apart. */
export const SUPPORT_TOKEN_PREFIX = 'rcs_';

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Enter a subject',
  subjectTooLong: `Keep the subject under ${SUPPORT_SUBJECT_MAX} characters`,
  bodyRequired: 'Describe what happened',
  bodyTooLong: `Keep the message under ${SUPPORT_BODY_MAX} characters`,
  pageInvalid: `The page must be an app path such as /dashboard (at most ${SUPPORT_PAGE_MAX} characters)`,
  requestNotFound: 'Support request not found',
  requestClosed: 'This support request is closed; send a new one if you still need help',
  grantHours: `Grant between 0 (revoke) and ${SUPPORT_GRANT_MAX_HOURS} hours, in whole hours`,
  noLiveGrant: 'This account has not granted support access, or the grant has ended',
  readOnlySession: 'Support sessions are read-only: this change was refused',
  assigneeUnknown: 'Assign the request to an admin (their email), or to nobody',
  accountIdRequired: 'Name the account (its id)',
} as const;

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export type SupportAuthor = 'customer' | 'support';

export interface SupportMessage {
  id: string;
  author: SupportAuthor;
  /** Who wrote it: the customer's email, or the admin's for support replies. */
  authorEmail: string;
  body: string;
  at: string;
}

export interface SupportRequestSummary {
  id: string;
  subject: string;
  page: string;
  status: SupportStatus;
  createdAt: string;
  updatedAt: string;
  /** When support first answered; null until then. */
  firstResponseAt: string | null;
}

export interface SupportThread extends SupportRequestSummary {
  body: string;
  email: string;
  messages: SupportMessage[];
}

/** One row of the admins' queue (`GET /api/admin/support/requests`). */
export interface SupportQueueItem extends SupportRequestSummary {
  accountId: string;
  email: string;
  company: string | null;
  plan: PlanId;
  prioritySupport: boolean;
  assignee: string | null;
  /** createdAt + the plan's first-response target. */
  respondBy: string;
}

export interface SupportAccessState {
  /** When the live grant ends; null when there is none. */
  grantedUntil: string | null;
}

export type SupportLogKind = 'granted' | 'revoked' | 'session-opened' | 'request' | 'refused-write';

export interface SupportLogEntry {
  at: string;
  kind: SupportLogKind;
  /** The admin (session entries) or the account member (grant entries). */
  actor: string;
  method?: string;
  path?: string;
}

/** Hours to a first response per plan (shared/plans.ts `supportFirstResponseHours`). */
export function respondBy(plan: PlanId, createdAt: string): string {
  return new Date(Date.parse(createdAt) + PLANS[plan].supportFirstResponseHours * 3_600_000).toISOString();
}

/**
 * The queue's order (issue 22 §6): plans with `prioritySupport` first, then the oldest first. Ties
 * fall to the id so the order is stable between reads.
 */
export function compareQueue(a: SupportQueueItem, b: SupportQueueItem): number {
  if (a.prioritySupport !== b.prioritySupport) return a.prioritySupport ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** "3 h 20 min left", "45 min left", "overdue by 2 h"; answered requests need no countdown. */
export function timeLeftLabel(respondByIso: string, now: Date): string {
  const minutes = Math.round((Date.parse(respondByIso) - now.getTime()) / 60_000);
  const span = (m: number) => {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    if (h >= 24) return `${Math.floor(h / 24)} d ${h % 24} h`;
    return h > 0 ? `${h} h ${rest} min` : `${rest} min`;
  };
  return minutes >= 0 ? `${span(minutes)} left` : `overdue by ${span(-minutes)}`;
}
