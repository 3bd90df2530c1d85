import { Hono } from 'hono';
import { getAdminMetrics, type MetricsDeps } from '../core/admin/get-metrics';
import { requireAdmin, type AppEnv } from '../http/kit';

/**
 * `GET /api/admin/metrics`: billing summary, subscription analytics and user growth, computed from
 * the stored records (definitions in docs/metrics.md). Admins only (403 otherwise).
 */
export function adminMetricsRoutes(deps: MetricsDeps) {
  return new Hono<AppEnv>()
    .use('/api/admin/metrics', requireAdmin())
    .get('/api/admin/metrics', async (c) => c.json(await getAdminMetrics(deps)));
}
