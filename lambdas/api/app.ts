import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { getMe } from '../core/get-me';
import { updateProfile } from '../core/update-profile';
import { ValidationError } from '../core/errors';
import type { AccountRepo, Caller, Clock } from '../core/ports';
import { toHttpError } from './http-errors';
import {
  linkGuestPurchasesQuietly,
  registerSubscriptionRoutes,
  type SubscriptionRoutesDeps,
} from '../checkout/subscription.routes';

/** How the caller is known: from API Gateway's authorizer in AWS, from a verified bearer token locally. */
export type Authenticate = (c: Context) => Promise<Caller | null>;

export interface ApiDeps {
  authenticate: Authenticate;
  accounts: AccountRepo;
  clock: Clock;
  /** Billing routes (GET /api/subscription, plan change, portal); absent in apps built without Stripe. */
  billing?: SubscriptionRoutesDeps;
}

type Env = { Variables: { caller: Caller } };

/** Paths API Gateway serves without the JWT authorizer. */
export const PUBLIC_API_PATHS = ['/api/health'] as const;

export function createApiApp(deps: ApiDeps) {
  const app = new Hono<Env>();

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.use('/api/*', async (c, next) => {
    const caller = await deps.authenticate(c);
    if (!caller) return c.json({ error: MESSAGES.notAuthenticated }, 401);
    c.set('caller', caller);
    await next();
  });

  app.get('/api/me', async (c) => {
    if (deps.billing) await linkGuestPurchasesQuietly(c.get('caller'), deps.billing);
    return c.json(await getMe(c.get('caller'), deps.accounts));
  });

  app.put('/api/me/profile', async (c) => {
    const body = await readJson(c);
    const profile = await updateProfile(c.get('caller'), body, deps);
    return c.json({ profile });
  });

  if (deps.billing) registerSubscriptionRoutes(app, deps.billing);

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => toHttpError(err, c));
  return app;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError('body', 'Request body must be JSON');
  }
}
