import type { BrandLook } from './brand';
import * as z from 'zod';
import { localClock } from './notice-slots';
import { recordId } from './records/ids';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * Crew confirmation (issue 21 §5–6): a delay notice asks the jobsite's foreman whether the crew stood
 * down; nobody answering within the escalation window brings the managers in. Shared by the API, the
 * dispatch and the SPA (the public `/c/{token}` page, the jobsite, the alert history, the evidence page).
 */

export const CONFIRMATION_ANSWERS = ['stood-down', 'working'] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];
/** How an answer came in: the signed link of the email, or a reply to the text (helper "sms"). */
export type ConfirmationChannel = 'email' | 'sms';

export const DEFAULT_ESCALATION_MINUTES = 30;
export const MIN_ESCALATION_MINUTES = 5;
export const MAX_ESCALATION_MINUTES = 240;
/** Lightning and official warnings do not wait for the jobsite's window. */
export const LIFE_SAFETY_ESCALATION_MINUTES = 10;

/** The jobsite fields (spread into `jobsiteShape`). */
export const foremanShape = /* @__PURE__ */ builtOnFirstUse(() => ({
  foremanWorkerId: recordId.nullish().transform((v) => v ?? null),
  escalationMinutes: z
    .number({ message: 'Escalation minutes must be a number' })
    .int('Escalation minutes must be a whole number')
    .min(
      MIN_ESCALATION_MINUTES,
      `Escalation minutes must be between ${MIN_ESCALATION_MINUTES} and ${MAX_ESCALATION_MINUTES}`,
    )
    .max(
      MAX_ESCALATION_MINUTES,
      `Escalation minutes must be between ${MIN_ESCALATION_MINUTES} and ${MAX_ESCALATION_MINUTES}`,
    )
    .default(DEFAULT_ESCALATION_MINUTES),
}));

export const CONFIRMATION_ANSWER_MESSAGE = 'Answer must be "stood-down" or "working"';
export const confirmationAnswerSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  answer: z.enum(CONFIRMATION_ANSWERS, { message: CONFIRMATION_ANSWER_MESSAGE }),
}));

export const CONFIRMATION_WORDS = {
  'stood-down': { button: 'Crew stood down', said: 'crew stood down' },
  working: { button: 'Working anyway', said: 'working anyway' },
} as const satisfies Record<ConfirmationAnswer, { button: string; said: string }>;

export const CONFIRMATION_MESSAGES = {
  invalidLink:
    'This confirmation link is not valid or has expired. Reply to the foreman’s notice or call the office instead.',
  alreadyAnswered: 'This notice was already confirmed.',
  emailBlockTitle: 'Foreman: please confirm',
  emailBlockText:
    'Tap one answer; the office sees it at once. The link works once, until the end of the day.',
} as const;

/** Where an escalation is due: the notice's instant plus the window (minutes elapse as real time, DST or not). */
export function escalationDueAt(
  requestedAt: Date,
  opts: { escalationMinutes: number; lifeSafety: boolean },
): Date {
  const minutes = opts.lifeSafety
    ? Math.min(LIFE_SAFETY_ESCALATION_MINUTES, opts.escalationMinutes)
    : opts.escalationMinutes;
  return new Date(requestedAt.getTime() + minutes * 60_000);
}

/**
 * The first instant after `date` ends in `timeZone` (local midnight of the next day): where a
 * confirmation link stops working. Days of a DST change are 23 or 25 hours long, so the offset is
 * read at the answer, not assumed.
 */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  const nextDate = next.toISOString().slice(0, 10);
  // Start from UTC midnight of the next day and walk by the zone's offset until the wall clock says 00:00.
  let guess = next.getTime();
  for (let i = 0; i < 3; i++) {
    const local = localClock(new Date(guess), timeZone);
    const localMs = Date.parse(`${local.date}T00:00:00Z`) + local.minuteOfDay * 60_000;
    const diff = localMs - next.getTime();
    if (diff === 0) break;
    guess -= diff;
  }
  // A zone that skips midnight (a DST change at 00:00) never shows 00:00: take the first instant of the next day.
  while (localClock(new Date(guess), timeZone).date < nextDate) guess += 15 * 60_000;
  while (localClock(new Date(guess - 60_000), timeZone).date >= nextDate) guess -= 60_000;
  return new Date(guess);
}

/** One recorded answer or open request, as the signed-in screens list it. */
export interface ConfirmationSummary {
  id: string;
  jobsiteId: string;
  jobsiteName: string;
  workDate: string;
  timezone: string;
  verdict: 'partial' | 'full' | 'none';
  foremanName: string;
  requestedAt: string;
  dueAt: string;
  answer: ConfirmationAnswer | null;
  answeredAt: string | null;
  answeredVia: ConfirmationChannel | null;
  escalatedAt: string | null;
  /** Who the escalation went to (addresses), when it went. */
  escalatedTo: string[];
}

/** What the public page shows for a token (no sign-in): the jobsite, the day, the verdict, the answer if any. */
export interface ConfirmationView {
  jobsiteName: string;
  workDate: string;
  verdict: 'partial' | 'full' | 'none';
  foremanName: string;
  answered: boolean;
  answer: ConfirmationAnswer | null;
  answeredAt: string | null;
  /** The line the jobsite page shows once answered. */
  line: string | null;
  /** The contractor's brand while it has white-labelling (issue 24); absent: Raincheck's look. */
  brand?: BrandLook | null;
}

export interface ConfirmationListResponse {
  items: ConfirmationSummary[];
}

/** "05:12" in the jobsite's zone. */
function localTime(at: string, timeZone: string): string {
  const minutes = localClock(new Date(at), timeZone).minuteOfDay;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const CHANNEL_WORDS: Record<ConfirmationChannel, string> = { email: 'email link', sms: 'text reply' };

/** "Confirmed by Ana Ruiz at 05:12: crew stood down (email link)", or null while unanswered. */
export function confirmationLine(
  c: Pick<ConfirmationSummary, 'foremanName' | 'answer' | 'answeredAt' | 'answeredVia' | 'timezone'>,
): string | null {
  if (!c.answer || !c.answeredAt) return null;
  return `Confirmed by ${c.foremanName} at ${localTime(c.answeredAt, c.timezone)}: ${CONFIRMATION_WORDS[c.answer].said} (${CHANNEL_WORDS[c.answeredVia ?? 'email']})`;
}

/** "Not confirmed: escalated to 2 managers at 05:40", or "Waiting for Ana Ruiz" while open. */
export function confirmationStatusLine(c: ConfirmationSummary): string {
  const answered = confirmationLine(c);
  if (answered) return answered;
  if (c.escalatedAt)
    return `Not confirmed by ${c.foremanName}: escalated to ${c.escalatedTo.length === 1 ? '1 manager' : `${c.escalatedTo.length} managers`} at ${localTime(c.escalatedAt, c.timezone)}`;
  return `Waiting for ${c.foremanName} to confirm (escalates at ${localTime(c.dueAt, c.timezone)})`;
}
