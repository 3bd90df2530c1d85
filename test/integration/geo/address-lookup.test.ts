import { parseConfig } from '../../../lambdas/config';
import { createAddressLookup } from '../../../lambdas/adapters/geo/address-lookup.factory';
import { OpenMeteoGeocoder } from '../../../lambdas/adapters/geo/open-meteo.geocoder';
import { createHttpApp } from '../../../lambdas/http/kit';
import { geocodeRoutes } from '../../../lambdas/routes/geocode.routes';
import { ADDRESS_LOOKUP_UNAVAILABLE, ADDRESS_NOT_FOUND } from '../../../shared/geo/geocode';
import { STAND_IN_ADDRESSES, startPlacesStandIn, type PlacesStandIn } from '../../support/places-stand-in';

/**
 * The jobsite form's street-address lookup, end to end below the browser: the route, the config and
 * factory the API Lambda uses, and the real @aws-sdk/client-geo-places client, signing with (test)
 * credentials as the Lambda's role does, against the Places stand-in.
 */
let places: PlacesStandIn;
const saved = { ...process.env };

const appWith = (env: Record<string, string>) => {
  const config = parseConfig({ TABLE_NAME: 't', USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c', ...env });
  return createHttpApp().route(
    '/',
    geocodeRoutes({
      geocoder: new OpenMeteoGeocoder('http://127.0.0.1:9'),
      addressLookup: createAddressLookup(config),
    }),
  );
};

beforeAll(async () => {
  places = await startPlacesStandIn();
  // What the Lambda runtime gives the function from its role; the SDK's default chain reads them.
  process.env.AWS_ACCESS_KEY_ID = 'AKIDSTANDIN';
  process.env.AWS_SECRET_ACCESS_KEY = 'stand-in-secret';
});

afterAll(async () => {
  process.env = saved;
  await places.close();
});

describe('street-address lookup with Amazon Location Places', () => {
  const app = () =>
    appWith({ RAINCHECK_ADDRESS_LOOKUP: 'amazon-location', RAINCHECK_GEO_PLACES_URL: places.url });

  it('should suggest street addresses as one types, signed for geo-places', async () => {
    const res = await app().request('/api/geocode/suggest?q=400%20Broad%20St');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [{ id: STAND_IN_ADDRESSES[0]!.placeId, label: STAND_IN_ADDRESSES[0]!.label }],
    });
    const sent = places.requests.at(-1)!;
    expect(sent.path).toBe('/v2/autocomplete');
    expect(sent.body).toMatchObject({ QueryText: '400 Broad St', MaxResults: 5 });
    expect(sent.authorization).toMatch(/Credential=AKIDSTANDIN\/\d{8}\/us-east-1\/geo-places\/aws4_request/);
  });

  it('should rank addresses near the pin first when the form passes it', async () => {
    const res = await app().request('/api/geocode/suggest?q=united&lat=41.9&lon=-87.6');
    const { items } = (await res.json()) as { items: { label: string }[] };
    expect(items[0]!.label).toMatch(/Chicago/);
    expect(places.requests.at(-1)!.body).toMatchObject({ BiasPosition: [-87.6, 41.9] });
  });

  it('should fill the point of the address picked (the form derives its zone, as for a pin)', async () => {
    const chicago = STAND_IN_ADDRESSES[1]!;
    const res = await app().request(`/api/geocode/place?id=${encodeURIComponent(chicago.placeId)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: chicago.label,
      region: 'Chicago, Illinois, United States',
      latitude: chicago.position[1],
      longitude: chicago.position[0],
      timezone: null,
    });
    expect(places.requests.at(-1)!.query.get('intended-use')).toBe('Storage');
  });

  it('should answer 404 for an address id Places does not know', async () => {
    const res = await app().request('/api/geocode/place?id=forged-id');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe(ADDRESS_NOT_FOUND);
  });

  it('should say lookup is unavailable when Places fails, and name the field of a bad query', async () => {
    places.failing(true);
    try {
      const res = await app().request('/api/geocode/suggest?q=400%20Broad');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toBe(ADDRESS_LOOKUP_UNAVAILABLE);
    } finally {
      places.failing(false);
    }
    const short = await app().request('/api/geocode/suggest?q=40');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { field: string }).field).toBe('q');
    const half = await app().request('/api/geocode/suggest?q=400%20Broad&lat=95&lon=1');
    expect(half.status).toBe(400);
    expect(((await half.json()) as { field: string }).field).toBe('lat');
  });

  it('should say lookup is unavailable where no provider is set up, as the local stack runs', async () => {
    const before = places.requests.length;
    const res = await appWith({}).request('/api/geocode/suggest?q=400%20Broad%20St');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe(ADDRESS_LOOKUP_UNAVAILABLE);
    expect(places.requests.length).toBe(before);
  });
});
