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

  function nws() {
    const sleeper = recordingSleep();
    const p = new NwsAlertsProvider({
      baseUrl: server.url,
      userAgent: USER_AGENT,
      retry: { maxAttempts: 3, baseDelayMs: 10, timeoutMs: 2000 },
      http: { sleep: sleeper.sleep, random: () => 0 },
    });
    return { p, delays: sleeper.delays };
  }

  it('should ask /alerts/active for the point with the User-Agent and parse the answer', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(NWS.phoenixPoint) }));
    const { p } = nws();

    const alerts = await p.activeAlerts(PHOENIX);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe('/alerts/active');
    expect(req.url.searchParams.get('point')).toBe('33.25,-112.3');
    expect(req.headers['user-agent']).toBe(USER_AGENT);
    expect(req.headers.accept).toBe('application/geo+json');
    expect(alerts.map((a) => a.event)).toEqual(['Excessive Heat Warning', 'Air Quality Alert']);
    expect(p.stats()).toEqual({ upstreamCalls: 1, failures: 0 });
  });

  it('should send at most 4 decimals when the point is more precise', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(NWS.colorado) }));
    const { p } = nws();
    await p.activeAlerts({ latitude: 40.0150123, longitude: -105.2705456 });
    expect(server.requests[0]!.url.searchParams.get('point')).toBe('40.015,-105.2705');
  });

  it('should answer an empty list without a call when the point is outside the US', async () => {
    server.respond(() => ({ status: 500, body: 'must not be called' }));
    const { p } = nws();

    await expect(p.activeAlerts({ latitude: 51.5, longitude: -0.12 })).resolves.toEqual([]); // London
    await expect(p.activeAlerts({ latitude: -33.87, longitude: 151.21 })).resolves.toEqual([]); // Sydney
    expect(server.requests).toHaveLength(0);
    expect(p.stats().upstreamCalls).toBe(0);
  });

  it('should answer an empty list when NWS does not cover a point inside the boxes (404 or 400 on point)', async () => {
    const { p } = nws();
    server.respond(() => ({ status: 404, body: JSON.stringify({ title: 'Not Found', status: 404 }) }));
    await expect(p.activeAlerts({ latitude: 43.7, longitude: -79.4 })).resolves.toEqual([]); // Toronto
    server.respond(() => nwsRefusedParameter('query.point', 'Point is outside the coverage area'));
    await expect(p.activeAlerts({ latitude: 43.7, longitude: -79.4 })).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1); // 4xx are not retried
  });

  it('should reject, never answer an empty list, when NWS refuses another parameter', async () => {
    server.respond(() => nwsRefusedParameter('query.limit', 'Query parameter "limit" is not recognized'));
    const { p } = nws();
    await expect(p.activeAlerts(PHOENIX)).rejects.toEqual(
      new OfficialAlertsUnavailableError('NWS alerts for 33.25,-112.3: HTTP 400', 400),
    );
  });

  it('should retry a 503 and return the alerts when NWS recovers', async () => {
    let calls = 0;
    server.respond(() =>
      ++calls < 3 ? { status: 503, body: 'busy' } : { status: 200, body: fixtureText(NWS.phoenixPoint) },
    );
    const { p, delays } = nws();

    const alerts = await p.activeAlerts(PHOENIX);

    expect(alerts).toHaveLength(2);
    expect(delays).toHaveLength(2);
    expect(p.stats()).toEqual({ upstreamCalls: 3, failures: 0 });
  });

  it('should reject with OfficialAlertsUnavailableError when NWS keeps failing', async () => {
    server.respond(() => ({ status: 500, body: 'down' }));
    const { p } = nws();

    await expect(p.activeAlerts(PHOENIX)).rejects.toThrow(
      'NWS alerts for 33.25,-112.3: HTTP 500 after 3 attempts',
    );
    expect(server.requests).toHaveLength(3);
    expect(p.stats()).toEqual({ upstreamCalls: 3, failures: 1 });
  });

  it('should reject when a 200 answer is not an alerts collection', async () => {
    server.respond(() => ({ status: 200, body: '<html>maintenance</html>' }));
    const { p } = nws();
    await expect(p.activeAlerts(PHOENIX)).rejects.toBeInstanceOf(OfficialAlertsUnavailableError);
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
