import { createServer, type Server } from 'node:http';

/** NWS: every active alert in one answer (two storm polygons, one zone warning) and each point's zones. */
export function startNws(): Promise<{
  server: Server;
  url: string;
  calls: { alerts: number; points: number };
}> {
  const calls = { alerts: 0, points: 0 };
  const box = (lon: number, lat: number, d: number) => [
    [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
  ];
  const feature = (id: string, event: string, geometry: unknown, zones: string[]) => ({
    id,
    type: 'Feature',
    geometry,
    properties: {
      id,
      status: 'Actual',
      messageType: 'Alert',
      event,
      severity: 'Severe',
      onset: '2026-12-01T00:00:00Z',
      ends: '2026-12-03T06:00:00Z',
      areaDesc: 'bench',
      geocode: { UGC: zones },
    },
  });
  const alerts = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      feature(
        'bench-1',
        'Severe Thunderstorm Warning',
        { type: 'Polygon', coordinates: box(-87.65, 41.88, 0.1) },
        [],
      ),
      feature('bench-2', 'Tornado Warning', { type: 'Polygon', coordinates: box(-96.8, 32.78, 0.08) }, []),
      feature('bench-3', 'High Wind Warning', null, ['COZ039']),
    ],
  });
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    res.setHeader('content-type', 'application/geo+json');
    if (url.startsWith('/alerts/active')) {
      calls.alerts += 1;
      res.end(alerts);
      return;
    }
    const point = /^\/points\/(-?[\d.]+),(-?[\d.]+)$/.exec(url);
    if (point) {
      calls.points += 1;
      // Denver's zone for points near Denver, a made-up zone per degree elsewhere.
      const [lat, lon] = [Number(point[1]), Number(point[2])];
      const near = Math.abs(lat - 39.74) < 0.5 && Math.abs(lon + 104.99) < 0.5;
      const zone = near
        ? 'COZ039'
        : `XXZ${String(Math.abs(Math.round(lat * 7 + lon * 3)) % 1000).padStart(3, '0')}`;
      res.end(
        JSON.stringify({ properties: { forecastZone: `https://api.weather.gov/zones/forecast/${zone}` } }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${port}`, calls });
    }),
  );
}
