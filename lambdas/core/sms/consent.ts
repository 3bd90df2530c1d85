import type { SmsConsentEvent, SmsStatus } from '../../../shared/sms-messages';

/**
 * The consent of one phone number to one account's texts. `pending` after the contractor turned
 * SMS on and the ask went out; `on` after the person answered YES (or START); `stopped` after STOP
 * (or the carrier's opt-out list refused a send). Only the person can move it out of `stopped`.
 */
export type ConsentState = 'pending' | 'on' | 'stopped';

export type ConsentInput =
  | { type: 'toggle-on' }
  | { type: 'yes' }
  | { type: 'stop'; source: 'sms-reply' | 'carrier' }
  | { type: 'start' };

export interface ConsentStep {
  /** The state after the input (null: no consent record yet, nothing changes). */
  next: ConsentState | null;
  /** The log entry to add; null when the input changes nothing worth recording. */
  logged: SmsConsentEvent['event'] | null;
  /** The text to send back: the ask, the welcome, or none. */
  reply: 'ask' | 'subscribed' | 'resubscribed' | null;
}

export function stepConsent(current: ConsentState | null, input: ConsentInput): ConsentStep {
  switch (input.type) {
    case 'toggle-on':
      // Asked once: a pending number is not asked again, a stopped one never by the contractor.
      return current === null
        ? { next: 'pending', logged: 'asked', reply: 'ask' }
        : { next: current, logged: null, reply: null };
    case 'yes':
      return current === 'pending'
        ? { next: 'on', logged: 'yes', reply: 'subscribed' }
        : { next: current, logged: null, reply: null };
    case 'stop':
      if (current === null || current === 'stopped') return { next: current, logged: null, reply: null };
      return { next: 'stopped', logged: input.source === 'carrier' ? 'opted-out' : 'stop', reply: null };
    case 'start':
      return current === 'stopped'
        ? { next: 'on', logged: 'start', reply: 'resubscribed' }
        : { next: current, logged: null, reply: null };
  }
}

/** What a worker's SMS channel shows: off unless the toggle is on and the worker has a number. */
export function smsStatusOf(
  worker: { phone: string | null; smsOptIn?: boolean },
  consent: ConsentState | null,
): SmsStatus {
  if (!worker.phone || !worker.smsOptIn) return 'off';
  return consent ?? 'pending';
}
