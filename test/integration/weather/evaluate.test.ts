import fs from 'node:fs';
import path from 'node:path';
import { testStack } from '../stack';
import { callApi, newAccount } from '../../support/accounts';
import { signIn } from '../../support/cognito';

/** The rule engine over a pasted, recorded Open-Meteo response, through the admin route. */
const stack = testStack();
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../fixtures/weather', name), 'utf8')) as unknown;
const NEW_JERSEY = 'openmeteo_newjersey_2025-12-28_metric_14day_gusts_freezing.json';

const request = (forecast: unknown) => ({
  forecast,
  locationIndex: 0,
  timezone: 'America/New_York',
  workingDays: [1, 2, 3, 4, 5],
  workingHours: { start: '07:00', end: '17:00' },
  rules: [{ id: 'r1', metric: 'wind_gusts', op: '>=', threshold: 48.28 }],
});

describe('POST /api/admin/weather/evaluate', () => {
  it('should answer the days a rule triggers on, with local hours, peak and reason, for an admin', async () => {
    const { IdToken } = await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!');
    const res = await callApi(stack, '/api/admin/weather/evaluate', {
      token: IdToken,
      body: request(fixture(NEW_JERSEY)),
    });
    expect(res.status).toBe(200);
    expect(res.body.days[0]).toEqual({
      date: '2025-12-29',
      verdict: 'partial',
      hoursLost: 3,
      workingHours: 10,
      rules: [
        {
          id: 'r1',
          hours: ['14:00', '15:00', '16:00'],
          peak: 74.9,
          reason: expect.stringMatching(/^Gusts 47 mph/),
        },
      ],
    });
    expect(res.body.days.every((d: { rules: unknown[] }) => d.rules.length > 0)).toBe(true);
  });

  it("should answer 400 naming the field when the pasted response is Open-Meteo's error body", async () => {
    const { IdToken } = await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!');
    const res = await callApi(stack, '/api/admin/weather/evaluate', {
      token: IdToken,
      body: request(fixture('openmeteo_error_400_start_date_out_of_range.json')),
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('forecast');
  });

  it('should answer 403 to a contractor', async () => {
    const account = await newAccount(stack, 'evaluate');
    const res = await callApi(stack, '/api/admin/weather/evaluate', {
      token: account.token,
      body: request({}),
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/admin/weather/forecast', () => {
  it('should answer a pinned scenario as an Open-Meteo response that the evaluate route judges', async () => {
    const { IdToken } = await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!');
    const fetched = await callApi(stack, '/api/admin/weather/forecast', {
      token: IdToken,
      body: { latitude: 41.88, longitude: -87.63, scenario: 'storm', days: 3 },
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body.source).toBe('simulated');
    expect(fetched.body.response).toMatchObject({ timezone: 'GMT', hourly_units: { time: 'unixtime' } });
    const judged = await callApi(stack, '/api/admin/weather/evaluate', {
      token: IdToken,
      body: {
        ...request(fetched.body.response),
        timezone: 'America/Chicago',
        workingDays: [1, 2, 3, 4, 5, 6, 7],
      },
    });
    expect(judged.status).toBe(200);
    expect(judged.body.days.length).toBeGreaterThan(0);
    expect(judged.body.days.some((d: { verdict: string }) => d.verdict === 'full')).toBe(true);
  });

  it('should answer 400 naming the field for an unknown scenario', async () => {
    const { IdToken } = await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!');
    const res = await callApi(stack, '/api/admin/weather/forecast', {
      token: IdToken,
      body: { latitude: 41.88, longitude: -87.63, scenario: 'tornado' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('scenario');
  });
});
