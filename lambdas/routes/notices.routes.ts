import { Hono } from 'hono';
import { getNoticeDetails, type NoticeDetailsDeps } from '../core/notices/notice-details';
import type { AppEnv } from '../http/kit';

export type NoticesRoutesDeps = NoticeDetailsDeps;

/**
 * PUBLIC (no sign-in; the signed token is the authority, mount before `requireCaller`):
 * `GET /api/notices/{token}` answers the details page of one jobsite-day, 404 with one body for any
 * token that does not open it. Not cached anywhere and never sent on as a referrer.
 */
export function noticesRoutes(deps: NoticesRoutesDeps) {
  return new Hono<AppEnv>().get('/api/notices/:token', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.json(await getNoticeDetails(c.req.param('token'), deps));
  });
}
