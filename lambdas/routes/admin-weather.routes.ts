import { Hono } from 'hono';
import * as z from 'zod';
import { SIMULATED_SCENARIOS, jobsiteShape, workingHoursSchema } from '../../shared/records';
import { toOpenMeteoResponse } from '../../shared/weather/open-meteo-serialize';
import type { Clock } from '../core/runtime.ports';
import type { WeatherProvider } from '../core/weather/weather.ports';
import { ServiceUnavailableError } from '../core/errors';
import { judgeForecast } from '../../shared/weather/engine';
import { OpenMeteoResponseError, parseOpenMeteo } from '../../shared/weather/open-meteo-response';
import { rulesSchema } from '../../shared/weather/rule';
import { ValidationError } from '../core/errors';
import { jsonBody, requireAdmin, type AppEnv } from '../http/kit';
import { objectOnFirstUse } from '../../shared/object-on-first-use';

/** A pasted provider response can be a 14-day, many-location one. */
const EVALUATE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const evaluateRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  forecast: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(1000)], {
    message: 'forecast must be an Open-Meteo response: an object, or an array for several locations',
  }),
  locationIndex: z.number().int().min(0, 'locationIndex must be 0 or more').default(0),
  timezone: jobsiteShape.timezone.pipe(z.string({ message: 'Timezone is required' })),
  workingDays: jobsiteShape.workingDays,
  workingHours: workingHoursSchema.default({ start: '07:00', end: '17:00' }),
  rules: rulesSchema.min(1, 'Give at least one rule'),
  units: z.enum(['us', 'metric'], { message: 'units must be "us" or "metric"' }).default('us'),
}));

const forecastRequestSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  latitude: jobsiteShape.latitude,
  longitude: jobsiteShape.longitude,
  scenario: z
    .enum(SIMULATED_SCENARIOS, { message: `Scenario must be one of ${SIMULATED_SCENARIOS.join(', ')}` })
    .nullish(),
  days: z.number().int().min(1, 'Days must be 1 to 7').max(7, 'Days must be 1 to 7').default(3),
}));

export interface AdminWeatherDeps {
  /** The configured provider (Open-Meteo, or simulated when the stack runs without it). */
  live: WeatherProvider;
  /** Always the simulated provider: a pinned scenario is asked of it. */
  simulated: WeatherProvider;
  clock: Clock;
}

/**
 * `POST /api/admin/weather/evaluate`: the rule engine over a pasted Open-Meteo response. Hours are
 * read as Open-Meteo labels them (a gust labelled 14:00 counts for the 14:00 hour), which is how
 * this route's contract states them; a day appears when a rule triggers on it.
 */
export function adminWeatherRoutes(deps?: AdminWeatherDeps) {
  const app = new Hono<AppEnv>().use('/api/admin/weather/*', requireAdmin());
  if (deps) {
    /**
     * `POST /api/admin/weather/forecast`: the forecast for any location (or a pinned simulated
     * scenario), written as an Open-Meteo response: the raw data the engine reads, ready to evaluate.
     */
    app.post('/api/admin/weather/forecast', jsonBody(forecastRequestSchema), async (c) => {
      const input = c.req.valid('json');
      const provider = input.scenario ? deps.simulated : deps.live;
      const [result] = await provider.forecast(
        [
          {
            key: 'admin',
            latitude: input.latitude,
            longitude: input.longitude,
            scenario: input.scenario ?? null,
          },
        ],
        { days: input.days, now: deps.clock.now() },
      );
      if (!result || !result.ok)
        throw new ServiceUnavailableError(
          `No forecast for this location: ${result && !result.ok ? result.error : 'no answer'}`,
        );
      return c.json({ source: result.forecast.source, response: toOpenMeteoResponse(result.forecast) });
    });
  }
  return app.post(
    '/api/admin/weather/evaluate',
    jsonBody(evaluateRequestSchema, EVALUATE_BODY_LIMIT_BYTES),
    async (c) => {
      const input = c.req.valid('json');
      let forecasts;
      try {
        forecasts = parseOpenMeteo(input.forecast, { alignPrecedingHour: false });
      } catch (err) {
        if (err instanceof OpenMeteoResponseError) throw new ValidationError('forecast', err.message);
        throw err;
      }
      const forecast = forecasts[input.locationIndex];
      if (!forecast)
        throw new ValidationError(
          'locationIndex',
          `The response has ${forecasts.length} location(s); locationIndex must be below that`,
        );
      const days = judgeForecast(
        forecast,
        {
          timezone: input.timezone,
          workingDays: input.workingDays,
          workingHours: input.workingHours,
          rules: input.rules,
        },
        { units: input.units },
      )
        .filter((d) => d.rules.length > 0)
        .map((d) => ({
          date: d.date,
          verdict: d.verdict,
          hoursLost: d.hoursLost,
          workingHours: d.workingHours,
          rules: d.rules.map((r) => ({ id: r.id, hours: r.hours, peak: r.peak, reason: r.reason })),
        }));
      return c.json({ days, location: { latitude: forecast.latitude, longitude: forecast.longitude } });
    },
  );
}
