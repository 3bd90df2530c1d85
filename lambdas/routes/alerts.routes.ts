import { Hono } from 'hono';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, limitParam } from '../../shared/records/list-query';
import type { ClaimRepo } from '../core/dispatch/dispatch.ports';
import { RELEASE_LOOKBACK_HOURS, type HeldMessageRepo } from '../core/dispatch/held-messages';
import type { Clock } from '../core/runtime.ports';
import { queryParams, type AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

const alertsQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  limit: limitParam(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
}));

/**
 * `GET /api/alerts`: the account's messages, newest first, with each delivery's status. Messages quiet
 * hours hold come first, one per recipient, with status `HELD` and `heldUntil` (the jobsite's "HH:MM").
 */
export function alertsRoutes(deps: { claims: ClaimRepo; held?: HeldMessageRepo; clock?: Clock }) {
  return new Hono<AppEnv>().get('/api/alerts', queryParams(alertsQuerySchema), async (c) => {
    const tenant = tenantOfRequest(c);
    const [sent, held] = await Promise.all([
      deps.claims.listRecent(tenant, c.req.valid('query').limit),
      deps.held ? deps.held.listForTenant(tenant) : [],
    ]);
    // A hold whose release is past the runs' lookback was never taken up (TTL removes it later).
    const since = (deps.clock?.now() ?? new Date()).getTime() - RELEASE_LOOKBACK_HOURS * 3600_000;
    const heldItems = held
      .filter((h) => Date.parse(h.releaseAt) >= since)
      .sort((a, b) => b.heldAt.localeCompare(a.heldAt))
      .flatMap((h) =>
        h.recipients.map((r) => ({
          tenantId: h.tenantId,
          jobsiteId: h.jobsiteId,
          jobsiteName: h.jobsiteName,
          workDate: h.workDate,
          messageKey: h.messageKey,
          kind: h.kind,
          verdict: h.verdict,
          recipient: r.email,
          recipientName: r.name,
          audience: r.audience,
          status: 'HELD' as const,
          heldUntil: h.releaseLocal,
          claimedAt: h.heldAt,
          sentAt: null,
          messageId: null,
        })),
      );
    return c.json({ items: [...heldItems, ...sent] });
  });
}
