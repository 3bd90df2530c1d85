import type { Caller } from '../caller';
import type { Clock } from '../runtime.ports';
import { sendAccountEmail } from './account-emails';
import type { Mailer } from './email.ports';

export interface PasswordChangedDeps {
  mailer?: Mailer;
  clock: Clock;
  appOrigin: string;
}

/** One notice per caller at most this often: a script cannot flood its own inbox through us. */
const MIN_INTERVAL_MS = 60_000;
const lastSent = new Map<string, number>();

/**
 * POST /api/me/password-changed: tells the account owner their password was changed. Cognito does
 * the change (the SPA calls it directly); this only sends the notice, to the verified token's email,
 * never to an address from the request.
 */
export async function notifyPasswordChanged(
  caller: Caller,
  deps: PasswordChangedDeps,
): Promise<{ sent: boolean }> {
  if (!deps.mailer || !caller.email) return { sent: false };
  const now = deps.clock.now();
  const previous = lastSent.get(caller.userId);
  if (previous !== undefined && now.getTime() - previous < MIN_INTERVAL_MS) return { sent: false };
  lastSent.set(caller.userId, now.getTime());
  if (lastSent.size > 10_000) lastSent.clear();
  await sendAccountEmail(
    caller.email,
    { kind: 'passwordChanged', at: now.toISOString() },
    { mailer: deps.mailer, appOrigin: deps.appOrigin },
  );
  return { sent: true };
}
