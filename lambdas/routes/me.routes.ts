import { Hono } from 'hono';
import { profileBodySchema } from '../../shared/profile';
import { quietHoursSchema } from '../../shared/quiet-hours';
import { getMe } from '../core/account/get-me';
import { quietHoursChange, saveProfile } from '../core/account/save-profile';
import { updateProfile } from '../core/account/update-profile';
import type { AccountRepo, ProfileReplacer } from '../core/account/account.ports';
import type { Clock } from '../core/runtime.ports';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';
import type { AccountSummaries } from '../core/admin/people.ports';
import { linkGuestPurchasesQuietly, type SubscriptionRoutesDeps } from './subscription.routes';

export interface MeRoutesDeps {
  accounts: AccountRepo & ProfileReplacer;
  clock: Clock;
  /** When billing runs in this app, GET /api/me also links the caller's guest purchases. */
  billing?: SubscriptionRoutesDeps;
  /** Records the session's sign-in time (the token's auth_time) for the admin users list. */
  signIns?: Pick<AccountSummaries, 'recordSignIn'>;
}

export function meRoutes(deps: MeRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/api/me', async (c) => {
      const caller = callerOf(c);
      if (deps.billing) await linkGuestPurchasesQuietly(caller, deps.billing);
      if (deps.signIns && caller.authTime)
        await recordSignInQuietly(deps.signIns, caller.userId, caller.authTime);
      return c.json(await getMe(callerOf(c), deps.accounts));
    })
    .put('/api/me/profile', jsonBody(profileBodySchema), async (c) =>
      c.json(await updateProfile(callerOf(c), c.req.valid('json'), deps)),
    )
    .put('/api/me/quiet-hours', jsonBody(quietHoursSchema), async (c) =>
      c.json({ profile: await saveProfile(callerOf(c), quietHoursChange(c.req.valid('json')), deps) }),
    );
}

/** A failed sign-in record must not cost the user their account page. */
async function recordSignInQuietly(
  signIns: Pick<AccountSummaries, 'recordSignIn'>,
  userId: string,
  at: string,
) {
  try {
    await signIns.recordSignIn(userId, at);
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', message: 'Recording the sign-in failed', error: String(err) }),
    );
  }
}
