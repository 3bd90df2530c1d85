import type { Jobsite } from '../../../shared/records';
import type { DayJudgement } from '../../../shared/weather/engine';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import type { ForecastSnapshot } from './dispatch.ports';

/** The forecast a decision was based on, kept with it as the ledger's evidence. */
export function snapshotOf(
  forecast: HourlyForecast,
  judgement: DayJudgement,
  jobsite: Jobsite,
): ForecastSnapshot {
  // The local day's 24 hours around the working day: enough evidence, small enough to keep for years.
  const startMs = Date.parse(`${judgement.date}T00:00:00Z`) - 14 * 3600_000;
  const endMs = startMs + 48 * 3600_000;
  const index: number[] = [];
  for (let i = 0; i < forecast.time.length; i++) {
    const t = forecast.time[i]!;
    if (t >= startMs && t < endMs) index.push(i);
  }
  const metrics = new Set(jobsite.rules.map((r) => r.metric));
  const values: Record<string, (number | null)[]> = {};
  for (const [name, series] of Object.entries(forecast.values)) {
    if (!series || (!metrics.has(name as never) && name !== 'precipitation_probability')) continue;
    values[name] = index.map((i) =>
      Number.isFinite(series[i]!) ? Math.round(series[i]! * 100) / 100 : null,
    );
  }
  return {
    source: forecast.source,
    scenario: forecast.scenario ?? null,
    hours: index.map((i) => new Date(forecast.time[i]!).toISOString()),
    values,
  };
}
