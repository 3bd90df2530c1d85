import { Hono } from 'hono';
import { exportAccount, type AccountDataStore } from '../core/account/export-account';
import type { Clock } from '../core/runtime.ports';
import { callerOf, type AppEnv } from '../http/kit';

/** `GET /api/me/export`: every record of the caller's account as one JSON file (a download). */
export function accountExportRoutes(deps: { store: AccountDataStore; clock: Clock }) {
  return new Hono<AppEnv>().get('/api/me/export', async (c) => {
    const data = await exportAccount(callerOf(c), deps);
    return c.body(JSON.stringify(data, null, 2), 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="raincheck-export-${data.exportedAt.slice(0, 10)}.json"`,
      'cache-control': 'no-store',
    });
  });
}
