import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenMeteoGeocoder } from '../../../lambdas/adapters/geo/open-meteo.geocoder';
import { ServiceUnavailableError } from '../../../lambdas/core/errors';
import { GEOCODER_UNAVAILABLE } from '../../../shared/geo/geocode';

/** A loopback stand-in for Open-Meteo's geocoding API. */
let server: http.Server;
let base: string;
let lastQuery: URLSearchParams | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    lastQuery = url.searchParams;
    if (url.searchParams.get('name') === 'boom') {
      res.writeHead(500).end('{"error":true}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
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
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('OpenMeteoGeocoder', () => {
  it('should answer the places found, with their region, and drop entries without coordinates', async () => {
    const places = await new OpenMeteoGeocoder(base).search('Springfield, IL');
    expect(places).toEqual([
      {
        name: 'Springfield',
        region: 'Illinois, United States',
        latitude: 39.80172,
        longitude: -89.64371,
        timezone: 'America/Chicago',
      },
    ]);
    expect(lastQuery?.get('name')).toBe('Springfield, IL');
    expect(lastQuery?.get('count')).toBe('5');
  });

  it('should say the geocoder is unavailable when it answers an error', async () => {
    await expect(new OpenMeteoGeocoder(base).search('boom')).rejects.toEqual(
      new ServiceUnavailableError(GEOCODER_UNAVAILABLE),
    );
  });

  it('should say the geocoder is unavailable when nothing listens', async () => {
    await expect(new OpenMeteoGeocoder('http://127.0.0.1:9', 1000).search('Chicago')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
