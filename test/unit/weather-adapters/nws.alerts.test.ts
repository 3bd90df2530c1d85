import {
  NwsAlertsProvider,
  isNwsCovered,
  parseNwsAlerts,
} from '../../../lambdas/adapters/weather/nws.alerts';
import { OfficialAlertsUnavailableError } from '../../../lambdas/core/weather/weather.errors';
import { NWS, fixture, fixtureText, recordingSleep } from './support';
import { loopbackServerDuringTests } from '../../support/loopback-server';

const PHOENIX = { latitude: 33.25, longitude: -112.3 };
const USER_AGENT = 'Raincheck (ops@raincheck.example)';

describe('parseNwsAlerts on recorded responses', () => {
  it('should read the heat warning and air quality alert when the point fixture is parsed (Phoenix)', () => {
    const alerts = parseNwsAlerts(fixture(NWS.phoenixPoint));
    expect(alerts).toEqual([
      {
        id: 'urn:oid:2.49.0.1.840.0.505a7220d91b00eb1d75a3fb4f339f825496a522.004.1',
        event: 'Excessive Heat Warning',
        severity: 'Severe',
        headline:
          'Excessive Heat Warning issued July 18 at 12:47PM MST until July 20 at 8:00PM MST by NWS Phoenix AZ',
        onset: '2024-07-19T17:00:00.000Z',
        ends: '2024-07-21T03:00:00.000Z',
        areaDesc:
          'Northwest Valley; Buckeye/Avondale; Deer Valley; Central Phoenix; North Phoenix/Glendale; Scottsdale/Paradise Valley; East Valley; South Mountain/Ahwatukee; Southeast Valley/Queen Creek',
        // Issued by zone: no polygon, the zones it covers.
        geometry: null,
        zones: ['AZZ537', 'AZZ540', 'AZZ542', 'AZZ543', 'AZZ544', 'AZZ546', 'AZZ548', 'AZZ550', 'AZZ551'],
      },
      {
        id: 'urn:oid:2.49.0.1.840.0.32b8fe5b1e8094248fdbb7a32619581ec4e1df14.001.1',
        event: 'Air Quality Alert',
        severity: 'Unknown',
        headline: 'Air Quality Alert issued July 18 at 8:13AM MST by NWS Phoenix AZ',
        onset: '2024-07-18T15:13:00.000Z',
        // No `ends`: the alert's `expires` stands in.
        ends: '2024-07-20T04:00:00.000Z',
        areaDesc: 'Maricopa, AZ',
        geometry: null,
        zones: ['AZC013'],
      },
    ]);
  });

  it('should read the 2019–2020 schema when alerts carry old NWS-IDP ids (Colorado, three states, Oregon)', () => {
    const [colorado] = parseNwsAlerts(fixture(NWS.colorado));
    expect(colorado).toMatchObject({
      id: 'NWS-IDP-PROD-3991510-3387219',
      event: 'High Wind Warning',
      severity: 'Severe',
      onset: '2020-01-07T11:49:00.000Z',
      ends: '2020-01-07T19:00:00.000Z',
    });
    expect(parseNwsAlerts(fixture(NWS.threeStates)).map((a) => [a.event, a.severity])).toEqual([
      ['Beach Hazards Statement', 'Moderate'],
      ['Wind Advisory', 'Moderate'],
      ['High Wind Warning', 'Severe'],
    ]);
    expect(parseNwsAlerts(fixture(NWS.oregonZone))).toEqual([
      expect.objectContaining({ event: 'Flood Watch', severity: 'Severe', ends: '2019-12-22T18:00:00.000Z' }),
    ]);
  });

  it('should drop test messages and cancellations when the collection holds them', () => {
    const collection = fixture(NWS.threeStates);
    collection.features[0].properties.status = 'Test';
    collection.features[1].properties.messageType = 'Cancel';
    expect(parseNwsAlerts(collection).map((a) => a.event)).toEqual(['High Wind Warning']);
  });

  it('should throw when the body is not a FeatureCollection', () => {
    expect(() => parseNwsAlerts({ title: 'Bad Request', status: 400 })).toThrow(/FeatureCollection/);
  });
});

/** NWS's answer to a request with a parameter it refuses: 400 and the parameter named. */
const nwsRefusedParameter = (parameter: string, message: string) => ({
  status: 400,
  body: JSON.stringify({ title: 'Bad Request', status: 400, parameterErrors: [{ parameter, message }] }),
});

describe('NwsAlertsProvider against a local server', () => {
  const server = loopbackServerDuringTests();

  function nws(clock = { ms: Date.parse('2024-07-20T11:00:00Z') }) {
    const sleeper = recordingSleep();
    const p = new NwsAlertsProvider({
      baseUrl: server.url,
      userAgent: USER_AGENT,
      retry: { maxAttempts: 3, baseDelayMs: 10, timeoutMs: 2000 },
      http: { sleep: sleeper.sleep, random: () => 0, now: () => clock.ms },
    });
    return { p, delays: sleeper.delays, clock };
  }

  const POINT_ANSWER = JSON.stringify({
    properties: {
      forecastZone: 'https://api.weather.gov/zones/forecast/AZZ537',
      county: 'https://api.weather.gov/zones/county/AZC013',
      fireWeatherZone: 'https://api.weather.gov/zones/fire/AZZ131',
    },
  });

  it('should ask /alerts/active once for every alert in force, with the User-Agent, and parse the answer', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(NWS.phoenixPoint) }));
    const { p } = nws();

    const snapshot = await p.allActive();

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe('/alerts/active');
    expect(req.url.searchParams.get('status')).toBe('actual');
    expect(req.url.searchParams.has('point')).toBe(false);
    expect(req.headers['user-agent']).toBe(USER_AGENT);
    expect(req.headers.accept).toBe('application/geo+json');
    expect(snapshot.alerts.map((a) => a.event)).toEqual(['Excessive Heat Warning', 'Air Quality Alert']);
    expect(p.stats()).toEqual({ upstreamCalls: 1, failures: 0 });
  });

  it('should serve the batches of one run from one fetch, and fetch anew when the snapshot is old', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(NWS.phoenixPoint) }));
    const { p, clock } = nws();
    await Promise.all([p.allActive(), p.allActive(), p.allActive()]);
    clock.ms += 60_000;
    await p.allActive();
    expect(server.requests).toHaveLength(1);
    clock.ms += 180_000;
    await p.allActive();
    expect(server.requests).toHaveLength(2);
  });

  it('should remember a failure for the rest of the run and mark the repeats, asking again only later', async () => {
    server.respond(() => ({ status: 500, body: 'down' }));
    const { p, clock } = nws();

    await expect(p.allActive()).rejects.toThrow('NWS every active alert: HTTP 500 after 3 attempts');
    await expect(p.allActive()).rejects.toMatchObject({ repeated: true });
    expect(server.requests).toHaveLength(3);
    expect(p.stats()).toEqual({ upstreamCalls: 3, failures: 1 });

    clock.ms += 180_000;
    server.respond(() => ({ status: 200, body: fixtureText(NWS.phoenixPoint) }));
    await expect(p.allActive()).resolves.toMatchObject({ alerts: expect.any(Array) });
  });

  it('should retry a 503 and return the alerts when NWS recovers', async () => {
    let calls = 0;
    server.respond(() =>
      ++calls < 3 ? { status: 503, body: 'busy' } : { status: 200, body: fixtureText(NWS.phoenixPoint) },
    );
    const { p, delays } = nws();

    const snapshot = await p.allActive();

    expect(snapshot.alerts).toHaveLength(2);
    expect(delays).toHaveLength(2);
    expect(p.stats()).toEqual({ upstreamCalls: 3, failures: 0 });
  });

  it('should reject, never answer an empty list, when a 200 answer is not an alerts collection', async () => {
    server.respond(() => ({ status: 200, body: '<html>maintenance</html>' }));
    const { p } = nws();
    await expect(p.allActive()).rejects.toBeInstanceOf(OfficialAlertsUnavailableError);
  });

  it("should read a point's forecast zone, county and fire zone from /points, once per point", async () => {
    server.respond(() => ({ status: 200, body: POINT_ANSWER }));
    const { p } = nws();

    await expect(p.zonesAt(PHOENIX)).resolves.toEqual(['AZZ537', 'AZC013', 'AZZ131']);
    await p.zonesAt(PHOENIX);

    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/points/33.25,-112.3']);
  });

  it('should send at most 4 decimals when the point is more precise', async () => {
    server.respond(() => ({ status: 200, body: POINT_ANSWER }));
    const { p } = nws();
    await p.zonesAt({ latitude: 40.0150123, longitude: -105.2705456 });
    expect(server.requests[0]!.url.pathname).toBe('/points/40.015,-105.2705');
  });

  it('should answer no zones without a call when the point is outside the US', async () => {
    server.respond(() => ({ status: 500, body: 'must not be called' }));
    const { p } = nws();

    expect(p.covers({ latitude: 51.5, longitude: -0.12 })).toBe(false); // London
    await expect(p.zonesAt({ latitude: -33.87, longitude: 151.21 })).resolves.toEqual([]); // Sydney
    expect(server.requests).toHaveLength(0);
    expect(p.stats().upstreamCalls).toBe(0);
  });

  it('should answer no zones when NWS does not cover a point inside the boxes (404 or 400 on point)', async () => {
    const { p } = nws();
    server.respond(() => ({ status: 404, body: JSON.stringify({ title: 'Not Found', status: 404 }) }));
    await expect(p.zonesAt({ latitude: 43.7, longitude: -79.4 })).resolves.toEqual([]); // Toronto
    server.respond(() => nwsRefusedParameter('path.point', 'Point is outside the coverage area'));
    await expect(p.zonesAt({ latitude: 43.71, longitude: -79.41 })).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1); // 4xx are not retried
  });

  it('should reject, never answer no zones, when NWS refuses another parameter or keeps failing', async () => {
    server.respond(() => nwsRefusedParameter('query.limit', 'Query parameter "limit" is not recognized'));
    const { p } = nws();
    await expect(p.zonesAt(PHOENIX)).rejects.toEqual(
      new OfficialAlertsUnavailableError('NWS the zones at 33.25,-112.3: HTTP 400', 400),
    );
    // A failed lookup is not kept: the next run asks again.
    server.respond(() => ({ status: 200, body: POINT_ANSWER }));
    await expect(p.zonesAt(PHOENIX)).resolves.toEqual(['AZZ537', 'AZC013', 'AZZ131']);
  });
});

describe('isNwsCovered', () => {
  it.each([
    [true, 'Phoenix', 33.45, -112.07],
    [true, 'Key West', 24.55, -81.78],
    [true, 'Anchorage', 61.22, -149.9],
    [true, 'Honolulu', 21.31, -157.86],
    [true, 'San Juan', 18.47, -66.11],
    [true, 'Guam', 13.44, 144.79],
    [false, 'London', 51.51, -0.13],
    [false, 'Mexico City', 19.43, -99.13],
    [false, 'Sydney', -33.87, 151.21],
  ])('should answer %s when the point is %s', (covered, _name, lat, lon) => {
    expect(isNwsCovered(lat, lon)).toBe(covered);
  });
});
