import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simulateForecast } from '../../../lambdas/adapters/weather/simulated.provider';
import { OPEN_METEO_ATTRIBUTION, SIMULATED_NOTE } from '../../../shared/email/render';
import { toOpenMeteoResponse } from '../../../shared/weather/open-meteo-serialize';
import { callApi, newAccount, subscribe } from '../../support/accounts';
import { signIn } from '../../support/cognito';
import { startTestStack, type TestStackInfo } from '../../support/stack-process';
import { DEFAULT_PRESET_HOLIDAYS } from '../../../shared/holidays-default.generated';

/**
 * Issue 10 §8 as a black-box check would try it: a stack started with
 * `RAINCHECK_WEATHER_PROVIDER=open-meteo` and `RAINCHECK_OPEN_METEO_URL` pointing at a local server
 * takes the run's forecasts from that server. The stand-in answers Open-Meteo's own shape (GMT,
 * unixtime, metric) with stormy weather for every location it is asked about.
 */
jest.setTimeout(180_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface UpstreamCall {
  latitudes: string[];
  query: URLSearchParams;
}

function startUpstream(calls: UpstreamCall[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query =
        req.method === 'POST'
          ? new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
          : url.searchParams;
      if (url.pathname !== '/v1/forecast') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":true,"reason":"Not found"}');
        return;
      }
      const latitudes = (query.get('latitude') ?? '').split(',');
      const longitudes = (query.get('longitude') ?? '').split(',');
      calls.push({ latitudes, query });
      const days = Number(query.get('forecast_days') ?? 7);
      const start = Math.floor(Date.now() / DAY) * DAY; // today 00:00 GMT, as Open-Meteo starts
      const bodies = latitudes.map((lat, i) =>
        toOpenMeteoResponse(
          simulateForecast(
            { latitude: Number(lat), longitude: Number(longitudes[i]) },
            start,
            days * 24,
            'storm',
          ),
        ),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(bodies.length === 1 ? bodies[0] : bodies));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The next 01:00 UTC at least an hour away: 18:00 in Phoenix (no daylight saving), the notice time. */
const US_HOLIDAYS = new Set(DEFAULT_PRESET_HOLIDAYS.map((h) => h.date));

/** The next 18:00 in Phoenix (01:00 UTC) whose next day, the notice's day, is no US public holiday. */
function nextPhoenixEvening(now = Date.now()): string {
  let t = Math.floor(now / DAY) * DAY + HOUR;
  while (t < now + HOUR || US_HOLIDAYS.has(new Date(t).toISOString().slice(0, 10))) t += DAY;
  return new Date(t).toISOString();
}

let upstream: Server;
let stack: TestStackInfo;
let stopStack: () => Promise<void>;
const calls: UpstreamCall[] = [];

beforeAll(async () => {
  upstream = await startUpstream(calls);
  const { port } = upstream.address() as AddressInfo;
  const started = await startTestStack(path.resolve(__dirname, '../../..'), {
    RAINCHECK_WEATHER_PROVIDER: 'open-meteo',
    RAINCHECK_OPEN_METEO_URL: `http://127.0.0.1:${port}`,
  });
  stack = started.info;
  stopStack = started.stop;
});

afterAll(async () => {
  await stopStack?.();
  await new Promise((resolve) => upstream?.close(resolve));
});

it('should take the run’s forecasts from RAINCHECK_OPEN_METEO_URL when RAINCHECK_WEATHER_PROVIDER is open-meteo', async () => {
  const admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
  const account = await newAccount(stack, 'upstream');
  await subscribe(stack, account, 'premium');
  const email = `upstream-crew-${Date.now()}@example.com`;
  const worker = await callApi(stack, '/api/workers', {
    token: account.token,
    body: { name: 'Casey Upstream', email },
  });
  expect(worker.status).toBe(201);
  const site = await callApi(stack, '/api/jobsites', {
    token: account.token,
    body: {
      name: 'Desert Ridge Garage',
      latitude: 33.4484,
      longitude: -112.074,
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      noticeTimes: [{ time: '18:00', forDay: 'next' }],
      rules: [
        { id: 'gusts', metric: 'wind_gusts', op: '>=', threshold: 48.28, label: 'the crane gust limit' },
      ],
      recipients: { workerIds: [worker.body.id] },
    },
  });
  expect(site.status).toBe(201);
  expect(site.body.timezone).toBe('America/Phoenix');

  const run = await callApi(stack, '/api/admin/dispatch/run', {
    token: admin,
    body: { at: nextPhoenixEvening() },
  });

  expect(run.status).toBe(200);
  // The stack's seeded demo jobsite may fall due in the same slot: every due jobsite is judged.
  expect(run.body).toMatchObject({ failed: 0, errors: [] });
  expect(run.body.due).toBeGreaterThanOrEqual(1);
  expect(run.body.judged).toBe(run.body.due);
  expect(run.body.upstreamCalls).toBeGreaterThanOrEqual(1);
  expect(run.body.sent.notice).toBeGreaterThanOrEqual(1);
  const asked = calls.filter((c) => c.latitudes.some((lat) => Math.abs(Number(lat) - 33.45) < 0.1));
  expect(asked.length).toBeGreaterThanOrEqual(1);
  expect(asked[0]!.query.get('timezone')).toBe('GMT');
  const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  const mail = store.emails.filter((e) => e.destination.to.includes(email));
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toContain('Desert Ridge Garage');
  expect(mail[0]!.body.text).toContain(OPEN_METEO_ATTRIBUTION);
  expect(mail[0]!.body.text).not.toContain(SIMULATED_NOTE);
});
