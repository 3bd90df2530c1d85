import { Hono, type Context } from 'hono';
import {
  supportAccessInputSchema,
  supportReplyInputSchema,
  supportRequestInputSchema,
} from '../../shared/support-schemas';
import type { IdempotencyStore } from '../core/records/idempotency.ports';
import {
  createSupportRequest,
  getSupportThread,
  listSupportRequests,
  replyAsCustomer,
} from '../core/support/support-requests';
import { setSupportAccess, supportAccessLog, supportAccessState } from '../core/support/support-access';
import type { SupportDeps } from '../core/support/support.ports';
import { RATE_LIMITS, type RateWindowStore } from '../core/limits/rate-limits';
import { callerOf, idempotent, jsonBody, type AppEnv } from '../http/kit';
import { limitPerCaller } from '../http/rate-limit';
import { tenantOfRequest } from './record-routes';

export interface SupportRoutesDeps extends SupportDeps {
  idempotency?: IdempotencyStore;
  /** The per-account window of new support requests (RATE_LIMITS.supportRequest). */
  rateWindows: RateWindowStore;
}

const requestId = (c: Context<AppEnv>) => c.req.param('id') ?? '';

/**
 * The customer's side of support (issue 22 §5, §7): support requests and their threads, and the
 * account's grant of read-only support access with its log. The account is the verified caller's.
 */
export function supportRoutes(deps: SupportRoutesDeps) {
  return new Hono<AppEnv>()
    .post(
      '/api/support/requests',
      jsonBody(supportRequestInputSchema),
      // After the idempotency check: a repeated submit answers its first result and costs nothing.
      idempotent(deps.idempotency),
      limitPerCaller(RATE_LIMITS.supportRequest, 'account', deps),
      async (c) => c.json(await createSupportRequest(callerOf(c), c.req.valid('json'), deps), 201),
    )
    .get('/api/support/requests', async (c) => c.json(await listSupportRequests(tenantOfRequest(c), deps)))
    .get('/api/support/requests/:id', async (c) =>
      c.json(await getSupportThread(tenantOfRequest(c), requestId(c), deps)),
    )
    .post(
      '/api/support/requests/:id/replies',
      jsonBody(supportReplyInputSchema),
      idempotent(deps.idempotency),
      async (c) => c.json(await replyAsCustomer(callerOf(c), requestId(c), c.req.valid('json'), deps), 201),
    )
    .get('/api/account/support-access', async (c) =>
      c.json(await supportAccessState(tenantOfRequest(c), deps)),
    )
    .put('/api/account/support-access', jsonBody(supportAccessInputSchema), async (c) =>
      c.json(await setSupportAccess(callerOf(c), c.req.valid('json').grantHours, deps)),
    )
    .get('/api/account/support-access/log', async (c) =>
      c.json(await supportAccessLog(tenantOfRequest(c), deps)),
    );
}
