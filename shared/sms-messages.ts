import { namesOf } from './named-set';
/**
 * Every text the SMS channel sends, worded in one place (CONVENTIONS §10). Kept GSM-7 (plain ASCII
 * punctuation, no curly quotes or dashes) so one segment holds 160 characters, not 70.
 */
export const smsMessages = {
  askConsent: (company: string) =>
    `Reply YES to get weather-delay texts from ${company}. Reply STOP to opt out.`,
  subscribed: (company: string) =>
    `${company}: you will get weather-delay texts. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`,
  resubscribed: (companies: string) =>
    `${companies}: weather-delay texts are back on. Reply STOP to opt out.`,
  // The number is shared by every account: the replies name the companies, never the platform, so a
  // white-labelled contractor's crews only ever see its name (issue 24).
  stopped: () => 'You will get no more weather-delay texts from this number. Reply START to get them again.',
  help: (companies: string) =>
    `Weather-delay texts for ${companies}. Reply STOP to stop all texts, START to get them again.`,
} as const;

/** The channel states a worker's SMS shows (the contract's `sms.status`), as the SPA names each. */
export const SMS_STATUS_LABELS = {
  off: 'SMS off',
  pending: 'SMS pending',
  on: 'SMS on',
  stopped: 'SMS stopped',
} satisfies Record<string, string>;
export type SmsStatus = keyof typeof SMS_STATUS_LABELS;
export const SMS_STATUSES = namesOf(SMS_STATUS_LABELS);

/** One entry of a number's consent log (worker page, account export). */
export interface SmsConsentEvent {
  at: string;
  /** What happened: asked (toggle on, ask sent), yes, stop, start, help, opted-out (the carrier refused a send). */
  event: 'asked' | 'yes' | 'stop' | 'start' | 'opted-out';
  /** Who or what caused it: a reply text, the contractor's toggle, the carrier. */
  source: 'sms-reply' | 'contractor' | 'carrier';
  /** The reply as written, for replies. */
  detail?: string;
}
