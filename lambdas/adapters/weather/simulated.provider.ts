import { SIMULATED_SCENARIOS, type SimulatedScenario } from '../../../shared/records/jobsite';
import {
  FORECAST_VARIABLES,
  type ForecastVariable,
  type HourlyForecast,
} from '../../../shared/weather/forecast';
import { rothfuszHeatIndexF } from '../../../shared/weather/derived';
import { GRID_RESOLUTION_DEG } from '../../../shared/weather/grid-cell';
import { checkForecastOptions, locationProblem } from '../../core/weather/forecast-input';
import type {
  ForecastLocation,
  ForecastOptions,
  ForecastResult,
  WeatherProvider,
} from '../../core/weather/weather.ports';
import { emptyProviderStats } from '../../core/weather/provider-stats';

/**
 * Plausible, deterministic weather with no network: the embedded default when Open-Meteo is not
 * reachable, demos and tests. Every value is a pure function of (grid cell, UTC hour, scenario):
 * the same place and hour read the same whatever the run's `now`, so a re-run reproduces a verdict.
 *
 * Typical weather: a seasonal mean by latitude and hemisphere, a diurnal cycle on solar time
 * (coldest near 03:00, warmest near 15:00), multi-day anomalies, and rain fronts (about 4 in 10
 * 60-hour windows carry one, 4–13 h long, snow below freezing) shared by a 2° region so neighbouring
 * jobsites see the same front. Wind strengthens in fronts; gusts are 1.4–1.8 × the mean wind.
 *
 * Scenarios (a location's `scenario` pins it), guaranteed during working hours (solar 04:00–22:00,
 * which holds 07:00–17:00 clock time in every zone within 3 h of solar time):
 * - `storm`: thunderstorm (WMO 95), heavy rain 6–20 mm/h, gusts 62–90 km/h; moderate rain and
 *   gusts 40–58 km/h in the small hours.
 * - `cold-snap`: −22 to −8 °C around the clock, wind 18–35 km/h (wind chill −25 to −40 °C).
 * - `heat-wave`: 35–40 °C from solar 06:00 to midnight (32.5–35 °C before dawn), humid (RH 40–55 %
 *   from solar 09:00 to 21:00, 60–75 % otherwise).
 * - `high-wind`: gusts 55–75 km/h around the clock, mean wind 2/3 of that, dry.
 * - `clear`: no precipitation, WMO 0–1, light wind (gusts < 25 km/h).
 * Apparent temperature: wind chill (T ≤ 10 °C), heat index (T ≥ 27 °C), else T.
 */

export const SIMULATED_TYPICAL = 'typical';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class SimulatedWeatherProvider implements WeatherProvider {
  readonly name = 'simulated' as const;
  private counters = emptyProviderStats();

  stats() {
    return { ...this.counters };
  }

  resetStats(): void {
    this.counters = emptyProviderStats();
  }

  async forecast(locations: ForecastLocation[], opts: ForecastOptions): Promise<ForecastResult[]> {
    checkForecastOptions(opts);
    const pastDays = opts.pastDays ?? 0;
    const start = (Math.floor(opts.now.getTime() / DAY_MS) - pastDays) * DAY_MS;
    const results = locations.map((location): ForecastResult => {
      const problem = locationProblem(location);
      if (problem) return { key: location.key, ok: false, error: problem };
      const scenario = location.scenario ?? null;
      if (scenario !== null && !(SIMULATED_SCENARIOS as readonly string[]).includes(scenario)) {
        return {
          key: location.key,
          ok: false,
          error: `Unknown simulated scenario "${scenario}"; expected one of ${SIMULATED_SCENARIOS.join(', ')}`,
        };
      }
      return {
        key: location.key,
        ok: true,
        forecast: simulateForecast(
          location,
          start,
          (opts.days + pastDays) * 24,
          scenario as SimulatedScenario | null,
        ),
      };
    });
    this.counters.failures += results.filter((r) => !r.ok).length;
    return results;
  }
}

/** The simulated series for one location: `hours` hours from `startMs` (a UTC hour). */
export function simulateForecast(
  location: { latitude: number; longitude: number },
  startMs: number,
  hours: number,
  scenario: SimulatedScenario | null,
): HourlyForecast {
  const time = new Float64Array(hours);
  const series = Object.fromEntries(FORECAST_VARIABLES.map((v) => [v, new Float64Array(hours)])) as Record<
    ForecastVariable,
    Float64Array
  >;
  for (let i = 0; i < hours; i++) {
    const t = startMs + i * HOUR_MS;
    time[i] = t;
    const hour = simulateHour(location.latitude, location.longitude, t, scenario);
    for (const v of FORECAST_VARIABLES) series[v][i] = hour[v];
  }
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    time,
    values: series,
    source: 'simulated',
    scenario: scenario ?? SIMULATED_TYPICAL,
  };
}

type Hour = Record<ForecastVariable, number>;

/** One hour of simulated weather; pure in (cell of lat/lon, UTC hour, scenario). */
export function simulateHour(
  latitude: number,
  longitude: number,
  timeMs: number,
  scenario: SimulatedScenario | null,
): Hour {
  const cellLat = Math.round(latitude / GRID_RESOLUTION_DEG);
  const cellLon = Math.round(longitude / GRID_RESOLUTION_DEG);
  const regionLat = Math.round(latitude / 2);
  const regionLon = Math.round(longitude / 2);
  const h = Math.floor(timeMs / HOUR_MS); // hours since the epoch
  const noise = (salt: number) => unit(cellLat, cellLon, h, salt);
  const smooth = (salt: number, periodHours: number) =>
    valueNoise([regionLat, regionLon, salt], h, periodHours);

  // Solar time and season at the jobsite.
  const utcHour = ((h % 24) + 24) % 24;
  const solar = (((utcHour + longitude / 15) % 24) + 24) % 24;
  const dayCurve = (Math.cos((2 * Math.PI * (solar - 15)) / 24) + 1) / 2; // 0 at 03:00, 1 at 15:00
  const date = new Date(timeMs);
  const dayOfYear = (timeMs - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS;
  const hemisphere = latitude >= 0 ? 1 : -1;
  const season = hemisphere * Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365.25); // 1 = midsummer

  // Typical weather.
  const absLat = Math.abs(latitude);
  const seasonalMean = 28 - 0.42 * absLat + Math.min(20, 0.35 * absLat) * season;
  let temperature = seasonalMean + (4 + 2 * smooth(1, 24)) * (2 * dayCurve - 1) + (smooth(2, 48) - 0.5) * 10;
  let wind = 6 + 18 * smooth(3, 12);
  let humidity = 50 + 30 * smooth(4, 18) - 12 * dayCurve;
  let precipitation = 0;
  let probability = 15 * smooth(5, 6);
  let cloud = smooth(6, 8);

  const front = frontAt(regionLat, regionLon, h);
  if (front.intensity > 0) {
    precipitation = front.intensity;
    probability = 70 + 25 * noise(7);
    wind += 12 * front.shape;
    humidity = 88 + 10 * noise(8);
    cloud = 1;
  } else if (front.near) {
    probability = 30 + 30 * noise(7);
    cloud = Math.max(cloud, 0.7);
  }
  let gusts = wind * (1.4 + 0.4 * noise(9));
  let thunder = false;

  switch (scenario) {
    case 'storm': {
      temperature = Math.max(temperature, 6 + 4 * noise(10));
      humidity = 90 + 8 * noise(8);
      probability = 90 + 10 * noise(7);
      cloud = 1;
      if (solar >= 4 && solar < 22) {
        thunder = true;
        precipitation = 6 + 14 * noise(11);
        gusts = 62 + 28 * noise(12);
      } else {
        precipitation = 2.5 + 2.5 * noise(11);
        gusts = 40 + 18 * noise(12);
      }
      wind = gusts / (1.5 + 0.2 * noise(9));
      break;
    }
    case 'cold-snap': {
      temperature = -15 + 4 * (2 * dayCurve - 1) + (noise(10) - 0.5) * 6;
      wind = 18 + 17 * noise(3);
      gusts = wind * (1.4 + 0.3 * noise(9));
      humidity = 65 + 20 * noise(8);
      precipitation = front.intensity > 0 ? Math.min(0.8, 0.1 + front.intensity * 0.2) : 0;
      probability = front.intensity > 0 ? 60 + 20 * noise(7) : 10 * noise(7);
      break;
    }
    case 'heat-wave': {
      // A flat-topped curve: ≥ 35 °C from solar 06:00 to midnight, 32.5–35 °C before dawn.
      temperature = Math.min(40, 33 + 7 * Math.sqrt(dayCurve) + (noise(10) - 0.5));
      humidity = solar >= 9 && solar < 21 ? 40 + 15 * noise(8) : 60 + 15 * noise(8);
      wind = 5 + 10 * noise(3);
      gusts = wind * (1.3 + 0.3 * noise(9));
      precipitation = 0;
      probability = 10 * noise(7);
      cloud = 0.3 * noise(6);
      break;
    }
    case 'high-wind': {
      gusts = 55 + 20 * noise(12);
      wind = (gusts * 2) / 3;
      precipitation = 0;
      probability = 20 * noise(7);
      cloud = 0.6 + 0.4 * noise(6);
      humidity = Math.min(humidity, 70);
      break;
    }
    case 'clear': {
      precipitation = 0;
      probability = 5 * noise(7);
      wind = 5 + 10 * noise(3);
      gusts = wind * (1.3 + 0.3 * noise(9));
      cloud = 0.5 * noise(6);
      humidity = Math.min(humidity, 75);
      break;
    }
    default:
      break;
  }

  humidity = clamp(humidity, 12, 100);
  const snowing = precipitation > 0 && temperature <= 0.5 && !thunder;
  const snowfall = snowing ? precipitation * 0.7 : 0; // ~7 cm of snow per 10 mm of water
  let weatherCode: number;
  if (thunder) weatherCode = 95;
  else if (precipitation > 0 && snowing) weatherCode = precipitation < 1 ? 71 : precipitation < 3 ? 73 : 75;
  else if (precipitation > 0) weatherCode = precipitation < 2.5 ? 61 : precipitation <= 7.6 ? 63 : 65;
  else if (humidity >= 97 && wind < 8) weatherCode = 45;
  else weatherCode = cloud < 0.3 ? 0 : cloud < 0.55 ? 1 : cloud < 0.8 ? 2 : 3;

  const visibility =
    weatherCode === 45
      ? 400 + 600 * noise(13)
      : precipitation > 0
        ? Math.max(500, (snowing ? 8_000 : 20_000) / (1 + precipitation))
        : 20_000 + 10_000 * noise(13);

  return {
    temperature: round1(temperature),
    apparent_temperature: round1(apparentTemperature(temperature, humidity, wind)),
    dew_point: round1(dewPoint(temperature, humidity)),
    relative_humidity: Math.round(humidity),
    precipitation: round1(precipitation),
    precipitation_probability: Math.round(clamp(probability, 0, 100)),
    snowfall: round1(snowfall),
    wind_speed: round1(wind),
    wind_gusts: round1(gusts),
    weather_code: weatherCode,
    visibility: Math.round(visibility),
  };
}

/** The rain front of a 2° region at hour h: 40 % of 60-hour windows carry one, 4–13 h long. */
function frontAt(
  regionLat: number,
  regionLon: number,
  h: number,
): { intensity: number; shape: number; near: boolean } {
  const window = Math.floor(h / 60);
  const none = { intensity: 0, shape: 0, near: false };
  if (unit(regionLat, regionLon, window, 100) >= 0.4) return none;
  const start = window * 60 + Math.floor(unit(regionLat, regionLon, window, 101) * 46);
  const duration = 4 + Math.floor(unit(regionLat, regionLon, window, 102) * 10);
  const peak = 0.8 + 5 * unit(regionLat, regionLon, window, 103);
  if (h >= start && h < start + duration) {
    const shape = Math.sin((Math.PI * (h - start + 0.5)) / duration);
    return { intensity: Math.max(0.1, peak * shape), shape, near: true };
  }
  return { intensity: 0, shape: 0, near: h >= start - 6 && h < start + duration + 3 };
}

function apparentTemperature(t: number, rh: number, windKmh: number): number {
  if (t <= 10 && windKmh > 4.8) {
    const v = windKmh ** 0.16;
    return 13.12 + 0.6215 * t - 11.37 * v + 0.3965 * t * v; // wind chill (metric)
  }
  if (t >= 27 && rh >= 40) {
    const f = (t * 9) / 5 + 32; // heat index (Rothfusz regression, °F)
    const hi = rothfuszHeatIndexF(f, rh);
    return ((hi - 32) * 5) / 9;
  }
  return t;
}

/** Magnus formula (Alduchov–Eskridge constants). */
function dewPoint(t: number, rh: number): number {
  const gamma = Math.log(rh / 100) + (17.625 * t) / (243.04 + t);
  return (243.04 * gamma) / (17.625 - gamma);
}

/** Deterministic number in [0, 1) from integers (a small avalanche hash). */
export function unit(...values: number[]): number {
  let h = 0x2545f491;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x9e3779b1);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ values.length, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** Smooth noise in [0, 1): random knots every `period` hours, cosine-interpolated. */
function valueNoise(seed: number[], h: number, period: number): number {
  const k = Math.floor(h / period);
  const f = (h - k * period) / period;
  const a = unit(...seed, k);
  const b = unit(...seed, k + 1);
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return a + (b - a) * w;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round1 = (x: number) => Math.round(x * 10) / 10;
