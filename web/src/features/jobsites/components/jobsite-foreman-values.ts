import { DEFAULT_ESCALATION_MINUTES } from '../../../../../shared/confirmations';
import type { Jobsite } from '../../../../../shared/records/jobsite';

/** The crew-confirmation fields of the jobsite form: who confirms, and how long before managers hear. */
export function foremanValues(site: Jobsite | undefined) {
  return {
    foremanWorkerId: site?.foremanWorkerId ?? null,
    escalationMinutes: String(site?.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES),
  };
}

export function foremanInput(values: ReturnType<typeof foremanValues>) {
  const minutes = values.escalationMinutes.trim();
  return {
    foremanWorkerId: values.foremanWorkerId,
    // Empty means the default; anything else goes as typed, so the schema names what is wrong.
    escalationMinutes: minutes === '' ? DEFAULT_ESCALATION_MINUTES : Number(minutes),
  };
}
