import { Hono } from 'hono';
import { smsUsageOf } from '../core/sms/sms-usage';
import type { WorkerSmsDeps } from '../core/sms/worker-sms';
import type { AppEnv } from '../http/kit';
import { tenantOfRequest } from './record-routes';

/** `GET /api/sms/usage`: this month's texts against the plan's allowance (shown on /subscription). */
export function smsUsageRoutes(deps: WorkerSmsDeps) {
  return new Hono<AppEnv>().get('/api/sms/usage', async (c) =>
    c.json(await smsUsageOf(tenantOfRequest(c), deps)),
  );
}
