import { Hono } from 'hono';
import * as z from 'zod';
import type { Geocoder } from '../core/geo/geocoder.ports';
import { queryParams, type AppEnv } from '../http/kit';

const geocodeQuerySchema = z.object({
  q: z
    .string({ message: 'Type an address or place to look up' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(200, 'At most 200 characters'),
});

/**
 * `GET /api/geocode?q=`: places matching an address or name, for the jobsite form's "Find
 * coordinates". 503 with a clear message when the geocoder cannot be reached.
 */
export function geocodeRoutes(deps: { geocoder: Geocoder }) {
  return new Hono<AppEnv>().get('/api/geocode', queryParams(geocodeQuerySchema), async (c) =>
    c.json({ items: await deps.geocoder.search(c.req.valid('query').q) }),
  );
}
