import type { SmsConsentEvent } from '../../../shared/sms-messages';
import { tenantFromStore } from '../caller';
import { stepConsent, type ConsentInput, type ConsentStep } from './consent';
import type { SmsConsent, SmsConsentStore } from './sms.ports';

/** Concurrent replies (a double-tapped YES) race on the version: a few re-reads settle them. */
const MAX_ATTEMPTS = 5;

/**
 * Applies one input to a stored consent record with a conditional write (the version), reading
 * again when another write won. Answers the step taken (null when there is no record).
 */
export async function applyConsentInput(
  store: SmsConsentStore,
  record: SmsConsent,
  input: ConsentInput,
  entry: Omit<SmsConsentEvent, 'event'>,
): Promise<ConsentStep | null> {
  let current: SmsConsent | null = record;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt++) {
    const step = stepConsent(current.state, input);
    if (!step.logged || !step.next) return { ...step, reply: null };
    const next: SmsConsent = {
      ...current,
      state: step.next,
      log: [...current.log, { ...entry, event: step.logged }],
      version: current.version + 1,
    };
    if (await store.replace(next, current.version)) return step;
    current = await store.get(tenantFromStore(current.tenantId), current.phone);
  }
  return null;
}
