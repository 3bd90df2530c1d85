import { Hono } from 'hono';
import { profileUpdateSchema } from '../../shared/profile';
import { quietHoursSchema } from '../../shared/quiet-hours';
import { updateQuietHours } from '../core/account/update-quiet-hours';
import { getMe } from '../core/account/get-me';
import { updateProfile } from '../core/account/update-profile';
import type { AccountRepo } from '../core/account/account.ports';
import type { Clock } from '../core/runtime.ports';
import { callerOf, jsonBody, type AppEnv } from '../http/kit';
import { linkGuestPurchasesQuietly, type SubscriptionRoutesDeps } from './subscription.routes';

export interface MeRoutesDeps {
  accounts: AccountRepo;
  clock: Clock;
  /** When billing runs in this app, GET /api/me also links the caller's guest purchases. */
  billing?: SubscriptionRoutesDeps;
}

export function meRoutes(deps: MeRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/api/me', async (c) => {
      if (deps.billing) await linkGuestPurchasesQuietly(callerOf(c), deps.billing);
      return c.json(await getMe(callerOf(c), deps.accounts));
    })
    .put('/api/me/profile', jsonBody(profileUpdateSchema), async (c) =>
      c.json({ profile: await updateProfile(callerOf(c), c.req.valid('json'), deps) }),
    )
    .put('/api/me/quiet-hours', jsonBody(quietHoursSchema), async (c) =>
      c.json({ profile: await updateQuietHours(callerOf(c), c.req.valid('json'), deps) }),
    );
}
