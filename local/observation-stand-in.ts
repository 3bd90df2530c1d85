import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A loopback server speaking the two observation services' own protocols over the fixtures in a
 * folder (test/fixtures/observations, whose README states their provenance), so the real adapters
 * talk to it unchanged: NCEI's Search Service (`GET /access/services/search/v1/data`) and Access Data
 * Service (`GET /access/services/data/v1`, `dataset=global-hourly`, `format=json`), and Open-Meteo's
 * historical weather API (`GET /v1/archive`). It answers only what the fixtures hold, cut to the
 * asked range: stations inside the `bbox`, reports between the dates, hours between the dates. A
 * point or day it holds nothing for gets what the service gives then (no stations, `[]`, a 400 with
 * Open-Meteo's error body), never invented values. Every request is kept for the tests to read.
 */
export interface ObservationStandIn {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface Fixtures {
  searches: { results: Json[] }[];
  reports: Json[];
  archives: Json[];
}

function load(dir: string): Fixtures {
  const out: Fixtures = { searches: [], reports: [], archives: [] };
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown;
    if (name.startsWith('ncei_search_')) out.searches.push(json as { results: Json[] });
    else if (name.startsWith('ncei_global-hourly_')) out.reports.push(...(json as Json[]));
    else if (name.startsWith('openmeteo_archive_')) out.archives.push(json as Json);
  }
  return out;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function search(f: Fixtures, q: URLSearchParams) {
  const [n, w, s, e] = (q.get('bbox') ?? '').split(',').map(Number) as [number, number, number, number];
  const results = f.searches
    .flatMap((x) => x.results)
    .filter((r) => {
      const [lon, lat] = ((r.location as Json)?.coordinates as number[]) ?? [];
      return lat! <= n && lat! >= s && lon! >= w && lon! <= e;
    });
  return { count: results.length, totalCount: results.length, results };
}

function data(f: Fixtures, q: URLSearchParams) {
  if (q.get('dataset') !== 'global-hourly') return { status: 400, body: { errorMessage: 'Unknown dataset' } };
  const stations = new Set((q.get('stations') ?? '').split(','));
  const from = Date.parse(q.get('startDate') ?? '');
  const to = Date.parse(q.get('endDate') ?? '');
  const rows = f.reports.filter((r) => {
    const t = Date.parse(`${String(r.DATE)}Z`);
    return stations.has(String(r.STATION)) && t >= from && t <= to;
  });
  return { status: 200, body: rows };
}

function archive(f: Fixtures, q: URLSearchParams) {
  const lat = Number(q.get('latitude'));
  const lon = Number(q.get('longitude'));
  const from = Date.parse(`${q.get('start_date')}T00:00:00Z`) / 1000;
  const to = Date.parse(`${q.get('end_date')}T23:00:00Z`) / 1000;
  for (const a of f.archives) {
    // Open-Meteo answers the grid point nearest the asked one (0.1° here).
    if (Math.abs(Number(a.latitude) - lat) > 0.1 || Math.abs(Number(a.longitude) - lon) > 0.1) continue;
    const hourly = a.hourly as Record<string, number[]>;
    const keep = hourly.time!.flatMap((t, i) => (t >= from && t <= to ? [i] : []));
    if (keep.length === 0) continue;
    const cut = Object.fromEntries(Object.entries(hourly).map(([k, v]) => [k, keep.map((i) => v[i])]));
    return { status: 200, body: { ...a, hourly: cut } };
  }
  return {
    status: 400,
    body: {
      error: true,
      reason: `Parameter 'start_date' is out of allowed range (no recorded data for ${lat},${lon})`,
    },
  };
}

export async function startObservationStandIn(fixturesDir: string, port = 0): Promise<ObservationStandIn> {
  const fixtures = load(fixturesDir);
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method !== 'GET') return send(res, 405, { error: true, reason: 'GET only' });
    if (url.pathname === '/access/services/search/v1/data')
      return send(res, 200, search(fixtures, url.searchParams));
    if (url.pathname === '/access/services/data/v1') {
      const r = data(fixtures, url.searchParams);
      return send(res, r.status, r.body);
    }
    if (url.pathname === '/v1/archive') {
      const r = archive(fixtures, url.searchParams);
      return send(res, r.status, r.body);
    }
    return send(res, 404, { error: true, reason: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
