import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  supportReplyInputSchema,
  supportRequestUpdateSchema,
  supportSessionInputSchema,
} from '../../shared/support-schemas';
import { openSupportSession } from '../core/support/support-access';
import {
  adminSupportThread,
  replyAsSupport,
  supportQueue,
  updateSupportRequest,
} from '../core/support/support-queue';
import type { SupportDeps } from '../core/support/support.ports';
import { callerOf, jsonBody, queryParams, requirePermission, type AppEnv } from '../http/kit';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const queueQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  status: z.enum(['open', 'closed'], 'Status must be open or closed').default('open'),
}));

const requestId = (c: Context<AppEnv>) => c.req.param('id') ?? '';

/**
 * The admins' side of support (issue 22 §6–7), all behind `support_access`: the queue, a thread,
 * replies (emailed), assign and close, and opening a read-only support session for an account.
 */
export function adminSupportRoutes(deps: SupportDeps) {
  return new Hono<AppEnv>()
    .use('/api/admin/support/*', requirePermission('support_access'))
    .use('/api/admin/support-sessions', requirePermission('support_access'))
    .get('/api/admin/support/requests', queryParams(queueQuerySchema), async (c) =>
      c.json(await supportQueue(c.req.valid('query').status === 'closed', deps)),
    )
    .get('/api/admin/support/requests/:id', async (c) => c.json(await adminSupportThread(requestId(c), deps)))
    .patch('/api/admin/support/requests/:id', jsonBody(supportRequestUpdateSchema), async (c) =>
      c.json(await updateSupportRequest(requestId(c), c.req.valid('json'), deps)),
    )
    .post('/api/admin/support/requests/:id/replies', jsonBody(supportReplyInputSchema), async (c) =>
      c.json(await replyAsSupport(callerOf(c), requestId(c), c.req.valid('json'), deps), 201),
    )
    .post('/api/admin/support-sessions', jsonBody(supportSessionInputSchema), async (c) =>
      c.json(await openSupportSession(callerOf(c), c.req.valid('json').accountId, deps), 201),
    );
}
