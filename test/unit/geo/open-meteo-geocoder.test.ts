import { OpenMeteoGeocoder } from '../../../lambdas/adapters/geo/open-meteo.geocoder';
import { ServiceUnavailableError } from '../../../lambdas/core/errors';
import { GEOCODER_UNAVAILABLE } from '../../../shared/geo/geocode';
import { loopbackServerDuringTests } from '../../support/loopback-server';

/** A loopback stand-in for Open-Meteo's geocoding API. */
const server = loopbackServerDuringTests();
const lastQuery = () => server.requests.at(-1)?.params;

beforeAll(() =>
  server.respond((req) =>
    req.params.get('name') === 'boom'
      ? { status: 500, body: '{"error":true}' }
      : {
          status: 200,
          body: JSON.stringify({
            results: [
              {
                name: 'Springfield',
                latitude: 39.80172,
                longitude: -89.64371,
                timezone: 'America/Chicago',
                admin1: 'Illinois',
                country: 'United States',
              },
              { name: 'Nowhere', latitude: 'not a number', longitude: 0 },
            ],
          }),
        },
  ),
);

describe('OpenMeteoGeocoder', () => {
  it('should answer the places found, with their region, and drop entries without coordinates', async () => {
    const places = await new OpenMeteoGeocoder(server.url).search('Springfield, IL');
    expect(places).toEqual([
      {
        name: 'Springfield',
        region: 'Illinois, United States',
        latitude: 39.80172,
        longitude: -89.64371,
        timezone: 'America/Chicago',
      },
    ]);
    expect(lastQuery()?.get('name')).toBe('Springfield, IL');
    expect(lastQuery()?.get('count')).toBe('5');
  });

  it('should say the geocoder is unavailable when it answers an error', async () => {
    await expect(new OpenMeteoGeocoder(server.url).search('boom')).rejects.toEqual(
      new ServiceUnavailableError(GEOCODER_UNAVAILABLE),
    );
  });

  it('should say the geocoder is unavailable when nothing listens', async () => {
    await expect(new OpenMeteoGeocoder('http://127.0.0.1:9', 1000).search('Chicago')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
