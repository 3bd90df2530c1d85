import type { ForecastVariable } from '../../../shared/weather/forecast';

/**
 * NCEI Global Hourly (ISD) reports, as the Access Data Service's JSON gives them (every field a
 * string), folded into hours in canonical units. Fields read (ISD format document, "mandatory data"
 * and "additional data" sections):
 * - `WND` "ddd,q,t,ssss,q": speed in m/s ×10 (9999 missing)
 * - `TMP`, `DEW` "+tttt,q": °C ×10 (+9999 missing)
 * - `AA1` "pp,dddd,c,q": precipitation over `pp` hours, mm ×10 (9999 missing); only 1-hour periods are used
 * - `OC1` "ssss,q": peak gust, m/s ×10 (9999 missing)
 * Quality codes 3 and 7 (erroneous) are dropped. An instantaneous report belongs to the nearest hour
 * start (a :53 METAR to the next hour); a 1-hour amount to the hour it ends in, less one (the hour it
 * describes). Within an hour: the highest wind and gust, the last temperature, the largest amount.
 */
export interface IsdHourly {
  hours: number[];
  values: Partial<Record<ForecastVariable, (number | null)[]>>;
}

const HOUR = 3_600_000;
const BAD_QUALITY = new Set(['3', '7']);

function scaled(
  raw: string | undefined,
  index: number,
  qualityIndex: number,
  missing: number,
): number | null {
  if (typeof raw !== 'string') return null;
  const parts = raw.split(',');
  const q = parts[qualityIndex];
  if (q !== undefined && BAD_QUALITY.has(q)) return null;
  const n = Number(parts[index]);
  if (!Number.isFinite(n) || Math.abs(n) === missing) return null;
  return n / 10;
}

export function hourlyFromIsd(reports: readonly unknown[]): IsdHourly {
  const buckets = new Map<
    number,
    { wind?: number; gust?: number; temp?: number; dew?: number; precip?: number }
  >();
  const at = (ms: number) => {
    let b = buckets.get(ms);
    if (!b) buckets.set(ms, (b = {}));
    return b;
  };
  for (const r of reports) {
    if (typeof r !== 'object' || r === null) continue;
    const rec = r as Record<string, string | undefined>;
    const t = Date.parse(`${rec.DATE ?? ''}Z`.replace(/ZZ$/, 'Z'));
    if (Number.isNaN(t)) continue;
    const nearest = Math.round(t / HOUR) * HOUR;
    const b = at(nearest);
    const wind = scaled(rec.WND, 3, 4, 9999);
    if (wind !== null) b.wind = Math.max(b.wind ?? 0, wind * 3.6);
    const gust = scaled(rec.OC1, 0, 1, 9999);
    if (gust !== null) b.gust = Math.max(b.gust ?? 0, gust * 3.6);
    const temp = scaled(rec.TMP, 0, 1, 9999);
    if (temp !== null) b.temp = temp;
    const dew = scaled(rec.DEW, 0, 1, 9999);
    if (dew !== null) b.dew = dew;
    if (typeof rec.AA1 === 'string' && Number(rec.AA1.split(',')[0]) === 1) {
      const mm = scaled(rec.AA1, 1, 3, 9999);
      if (mm !== null) {
        const described = at(nearest - HOUR);
        described.precip = Math.max(described.precip ?? 0, mm);
      }
    }
  }
  const hours = [...buckets.keys()].sort((a, b) => a - b);
  if (hours.length === 0) return { hours: [], values: {} };
  // A contiguous axis, one hour apart, as the rule engine reads it.
  const axis: number[] = [];
  for (let h = hours[0]!; h <= hours[hours.length - 1]!; h += HOUR) axis.push(h);
  const col = (f: (b: NonNullable<ReturnType<typeof buckets.get>>) => number | undefined) =>
    axis.map((h) => {
      const b = buckets.get(h);
      const v = b ? f(b) : undefined;
      return v === undefined ? null : Math.round(v * 10) / 10;
    });
  const humidity = axis.map((h) => {
    const b = buckets.get(h);
    if (b?.temp === undefined || b.dew === undefined) return null;
    return Math.round(relativeHumidity(b.temp, b.dew));
  });
  return {
    hours: axis,
    values: {
      temperature: col((b) => b.temp),
      dew_point: col((b) => b.dew),
      relative_humidity: humidity,
      wind_speed: col((b) => b.wind),
      wind_gusts: col((b) => b.gust ?? b.wind),
      precipitation: col((b) => (b.wind !== undefined || b.temp !== undefined ? (b.precip ?? 0) : b.precip)),
    },
  };
}

/** Relative humidity (%) from temperature and dew point (°C), Magnus formula. */
function relativeHumidity(t: number, td: number): number {
  const a = 17.625;
  const b = 243.04;
  return Math.min(100, 100 * Math.exp((a * td) / (b + td) - (a * t) / (b + t)));
}
