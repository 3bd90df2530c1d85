import { Hono } from 'hono';
import { discoverQuerySchema, putSsoSchema } from '../../shared/sso';
import { getSso, putSso, type SsoSettingsDeps } from '../core/sso/sso-settings';
import { discover, type SsoSignInDeps } from '../core/sso/sso-sign-in';
import { callerOf, jsonBody, queryParams, type AppEnv } from '../http/kit';

/** The owner's single sign-on settings (Enterprise): `GET/PUT /api/account/sso`. */
export function ssoSettingsRoutes(deps: SsoSettingsDeps) {
  return new Hono<AppEnv>()
    .get('/api/account/sso', async (c) => c.json(await getSso(callerOf(c), deps)))
    .put('/api/account/sso', jsonBody(putSsoSchema), async (c) =>
      c.json(await putSso(callerOf(c), c.req.valid('json'), deps)),
    );
}

/** Public: where the email-first sign-in sends an address (`GET /api/auth/discover?email=`). */
export function ssoDiscoverRoutes(deps: Pick<SsoSignInDeps, 'store' | 'login'>) {
  return new Hono<AppEnv>().get('/api/auth/discover', queryParams(discoverQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await discover(c.req.valid('query').email, deps));
  });
}
