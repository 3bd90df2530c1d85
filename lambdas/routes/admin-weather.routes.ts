import { Hono } from 'hono';
import { z } from 'zod';
import { jobsiteShape, workingHoursSchema } from '../../shared/records';
import { judgeForecast } from '../../shared/weather/engine';
import { OpenMeteoResponseError, parseOpenMeteo } from '../../shared/weather/open-meteo-response';
import { rulesSchema } from '../../shared/weather/rule';
import { ValidationError } from '../core/errors';
import { jsonBody, requireAdmin, type AppEnv } from '../http/kit';

/** A pasted provider response can be a 14-day, many-location one. */
const EVALUATE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const evaluateRequestSchema = z.object({
  forecast: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(1000)], {
    message: 'forecast must be an Open-Meteo response: an object, or an array for several locations',
  }),
  locationIndex: z.number().int().min(0, 'locationIndex must be 0 or more').default(0),
  timezone: jobsiteShape.timezone.pipe(z.string({ message: 'Timezone is required' })),
  workingDays: jobsiteShape.workingDays,
  workingHours: workingHoursSchema.default({ start: '07:00', end: '17:00' }),
  rules: rulesSchema.min(1, 'Give at least one rule'),
  units: z.enum(['us', 'metric'], { message: 'units must be "us" or "metric"' }).default('us'),
});

/**
 * `POST /api/admin/weather/evaluate`: the rule engine over a pasted Open-Meteo response. Hours are
 * read as Open-Meteo labels them (a gust labelled 14:00 counts for the 14:00 hour), which is how
 * this route's contract states them; a day appears when a rule triggers on it.
 */
export function adminWeatherRoutes() {
  return new Hono<AppEnv>()
    .use('/api/admin/weather/*', requireAdmin())
    .post(
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
