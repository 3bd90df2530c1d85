import { Hono } from 'hono';
import * as z from 'zod';
import type { ClaimRepo } from '../core/dispatch/dispatch.ports';
import { queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';

const alertsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(200, 'Limit must be at most 200')
    .default(50),
});

/** `GET /api/alerts`: the account's sent notices, newest first, with each delivery's status. */
export function alertsRoutes(deps: { claims: ClaimRepo }) {
  return new Hono<AppEnv>().get('/api/alerts', queryParams(alertsQuerySchema), async (c) =>
    c.json({ items: await deps.claims.listRecent(tenantOfRequest(c), c.req.valid('query').limit) }),
  );
}
