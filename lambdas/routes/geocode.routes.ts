import { Hono } from 'hono';
import * as z from 'zod';
import type { AddressLookup } from '../core/geo/address-lookup.ports';
import type { Geocoder } from '../core/geo/geocoder.ports';
import { queryParams, type AppEnv } from '../http/kit';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

/** The typed search text `q`: what to ask for when it is missing, and the fewest characters worth a lookup. */
const searchText = (whenMissing: string, fewest: number) =>
  z
    .string({ message: whenMissing })
    .trim()
    .min(fewest, `Type at least ${fewest} characters`)
    .max(200, 'At most 200 characters');

const geocodeQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  q: searchText('Type an address or place to look up', 2),
}));

const coordinate = (name: string, limit: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(-limit, `${name} must be between −${limit} and ${limit}`)
    .max(limit, `${name} must be between −${limit} and ${limit}`);

const suggestQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  q: searchText('Type a street address to look up', 3),
  /** Rank addresses near this point first (the pin already on the map), e.g. `lat=47.6&lon=-122.3`. */
  lat: coordinate('Latitude', 90).optional(),
  lon: coordinate('Longitude', 180).optional(),
}));

const placeQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  id: z
    .string({ message: 'Pick an address from the suggestions' })
    .trim()
    .min(1, 'Pick an address from the suggestions')
    .max(2048, 'That address id is too long'),
}));

/**
 * The address lookups of the jobsite form. `GET /api/geocode?q=`: places by name or postal code
 * (Open-Meteo). `GET /api/geocode/suggest?q=`: street addresses as one types, then
 * `GET /api/geocode/place?id=`: the point (and the zone it lies in) of the one picked (Amazon Location
 * Places). Each answers 503 with a clear message when its provider cannot be reached.
 */
export function geocodeRoutes(deps: { geocoder: Geocoder; addressLookup?: AddressLookup }) {
  const app = new Hono<AppEnv>().get('/api/geocode', queryParams(geocodeQuerySchema), async (c) =>
    c.json({ items: await deps.geocoder.search(c.req.valid('query').q) }),
  );
  const lookup = deps.addressLookup;
  if (!lookup) return app;
  return app
    .get('/api/geocode/suggest', queryParams(suggestQuerySchema), async (c) => {
      const { q, lat, lon } = c.req.valid('query');
      const near: [number, number] | undefined =
        lat !== undefined && lon !== undefined ? [lon, lat] : undefined;
      return c.json({ items: await lookup.suggest(q, { near }) });
    })
    .get('/api/geocode/place', queryParams(placeQuerySchema), async (c) =>
      c.json(await lookup.place(c.req.valid('query').id)),
    );
}
