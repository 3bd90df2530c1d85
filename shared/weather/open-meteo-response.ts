import { FORECAST_VARIABLES, type ForecastVariable, type HourlyForecast } from './forecast';
import { OPEN_METEO_UNITS, OPEN_METEO_VARIABLES } from './open-meteo-variables';
import { isJsonObject } from '../json-object';

/**
 * Open-Meteo forecast JSON → `HourlyForecast[]` in canonical units and true UTC hours.
 *
 * Pure: the Open-Meteo adapter calls it on each response, and the admin "evaluate" route calls
 * `parseOpenMeteo` on a response pasted by hand, so any response the API can produce is accepted:
 * one location (an object) or several (an array), current or legacy variable names, any unit
 * Open-Meteo offers (read from the response's own `hourly_units`), ISO-8601 or unixtime hours, GMT
 * or any `timezone`.
 *
 * Time. With `timeformat=iso8601` Open-Meteo writes every hour as local wall-clock text using ONE
 * fixed offset, `utc_offset_seconds`, the one valid when the request was made, for the whole series
 * (open-meteo issues #261, #488, #1255). Reading those labels in the location's IANA zone is an hour
 * off after a DST switch; subtracting the offset the response applied gives the true UTC instant
 * every time. Unixtime values are already UTC (Open-Meteo applies no offset to them).
 *
 * Valid time. Precipitation, snowfall and precipitation probability describe the hour BEFORE their
 * label, and gusts are that hour's maximum (Open-Meteo's "preceding hour" variables). Our contract
 * puts a value on the start of the hour it describes, so by default these series move one step
 * earlier: the value labelled 08:00 lands on 07:00, and the last hour of such a series is NaN
 * (unknown). Pass `{ alignPrecedingHour: false }` to keep Open-Meteo's labelling.
 */

export type OpenMeteoErrorKind = 'api-error' | 'malformed' | 'unsupported-unit';

/** A response that cannot become a forecast; `message` is written for a person. */
export class OpenMeteoResponseError extends Error {
  override readonly name = 'OpenMeteoResponseError';
  constructor(
    message: string,
    readonly kind: OpenMeteoErrorKind,
    /** Open-Meteo's own `reason`, for an error body. */
    readonly apiReason?: string,
  ) {
    super(message);
  }
}

export interface OpenMeteoParseOptions {
  /** Move "preceding hour" series onto the hour they describe (default true; see above). */
  alignPrecedingHour?: boolean;
}

const HOUR_MS = 3_600_000;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

type JsonObject = Record<string, unknown>;
const isObject: (v: unknown) => v is JsonObject = isJsonObject;

/** Open-Meteo's `{"error":true,"reason":"..."}` body, or null when `json` is not one. */
export function openMeteoErrorReason(json: unknown): string | null {
  if (isObject(json) && json.error === true) {
    return typeof json.reason === 'string' && json.reason ? json.reason : 'no reason given';
  }
  return null;
}

/** Parse response text (as received or pasted); invalid JSON is a `malformed` error. */
export function parseOpenMeteoText(text: string, opts: OpenMeteoParseOptions = {}): HourlyForecast[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OpenMeteoResponseError('The Open-Meteo response is not valid JSON.', 'malformed');
  }
  return parseOpenMeteo(json, opts);
}

/**
 * Parse an Open-Meteo forecast response (already JSON-decoded). Returns one forecast per location, in
 * the order of the request (`location_id`). Throws `OpenMeteoResponseError` with a readable message.
 */
export function parseOpenMeteo(json: unknown, opts: OpenMeteoParseOptions = {}): HourlyForecast[] {
  const each = parseOpenMeteoEach(json, opts);
  const failed = each.find((r): r is OpenMeteoResponseError => r instanceof OpenMeteoResponseError);
  if (failed) throw failed;
  return each as HourlyForecast[];
}

/**
 * Like `parseOpenMeteo`, but a location that cannot be read becomes an `OpenMeteoResponseError` in
 * its place instead of failing the others (the adapter uses this on multi-location answers). An
 * error body or a response that is not a list of locations still throws.
 */
export function parseOpenMeteoEach(
  json: unknown,
  opts: OpenMeteoParseOptions = {},
): Array<HourlyForecast | OpenMeteoResponseError> {
  const reason = openMeteoErrorReason(json);
  if (reason !== null) {
    throw new OpenMeteoResponseError(`Open-Meteo refused the request: ${reason}`, 'api-error', reason);
  }
  const list = Array.isArray(json) ? json : [json];
  if (list.length === 0) {
    throw new OpenMeteoResponseError('The Open-Meteo response holds no location.', 'malformed');
  }
  // Open-Meteo tags every location but the first with `location_id`; the untagged one is 0.
  const tagged = list.some((loc) => isObject(loc) && typeof loc.location_id === 'number');
  const located = list.map((loc, index) => {
    const where = list.length > 1 ? ` (location ${index + 1} of ${list.length})` : '';
    const id = isObject(loc) && typeof loc.location_id === 'number' ? loc.location_id : tagged ? 0 : index;
    try {
      if (!isObject(loc)) throw malformed(`a location is not a JSON object${where}`);
      const nested = openMeteoErrorReason(loc);
      if (nested !== null) {
        throw new OpenMeteoResponseError(
          `Open-Meteo refused the request${where}: ${nested}`,
          'api-error',
          nested,
        );
      }
      return { id, result: parseLocation(loc, where, opts.alignPrecedingHour ?? true) };
    } catch (err) {
      if (err instanceof OpenMeteoResponseError) return { id, result: err };
      throw err;
    }
  });
  // The API answers in request order; sorting by `location_id` keeps the order right even for a
  // response that was reordered on the way.
  return located.sort((a, b) => a.id - b.id).map((l) => l.result);
}

function malformed(detail: string): OpenMeteoResponseError {
  return new OpenMeteoResponseError(`The Open-Meteo response is not a forecast: ${detail}.`, 'malformed');
}

function parseLocation(loc: JsonObject, where: string, align: boolean): HourlyForecast {
  const latitude = loc.latitude;
  const longitude = loc.longitude;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    throw malformed(`latitude/longitude missing${where}`);
  }
  const hourly = loc.hourly;
  if (!isObject(hourly)) throw malformed(`no "hourly" block${where}`);
  const units = isObject(loc.hourly_units) ? loc.hourly_units : {};
  const offsetSeconds = typeof loc.utc_offset_seconds === 'number' ? loc.utc_offset_seconds : 0;

  const time = parseTime(hourly.time, offsetSeconds, where);
  const values: Partial<Record<ForecastVariable, Float64Array>> = {};
  for (const variable of FORECAST_VARIABLES) {
    const spec = OPEN_METEO_VARIABLES[variable];
    const name = spec.names.find((n) => n in hourly);
    if (name === undefined) continue;
    const raw = hourly[name];
    if (!Array.isArray(raw) || raw.length !== time.length) {
      throw malformed(`hourly.${name} does not have one value per hour${where}`);
    }
    const unit = units[name];
    if (typeof unit !== 'string') throw malformed(`hourly_units.${name} is missing${where}`);
    const convert = OPEN_METEO_UNITS[spec.quantity][unit.trim().toLowerCase()];
    if (!convert) {
      throw new OpenMeteoResponseError(
        `Unsupported unit "${unit}" for ${name}${where}; expected one of: ${Object.keys(OPEN_METEO_UNITS[spec.quantity]).filter(Boolean).join(', ')}.`,
        'unsupported-unit',
      );
    }
    const series = new Float64Array(time.length);
    const shift = align && spec.precedingHour ? 1 : 0;
    for (let i = 0; i < time.length; i++) {
      const j = i + shift;
      series[i] = j < raw.length ? toNumber(raw[j], convert, name, where) : NaN;
    }
    values[variable] = series;
  }
  return { latitude, longitude, time, values, source: 'open-meteo' };
}

function toNumber(v: unknown, convert: (x: number) => number, name: string, where: string): number {
  if (v === null) return NaN;
  if (typeof v !== 'number') throw malformed(`hourly.${name} holds a non-number${where}`);
  const out = convert(v);
  // Converted values are rounded to 4 decimals so 35.6 °F reads 2 °C, not 2.0000000000000004.
  return out === v ? v : Math.round(out * 1e4) / 1e4;
}

function parseTime(raw: unknown, offsetSeconds: number, where: string): Float64Array {
  if (!Array.isArray(raw)) throw malformed(`hourly.time is missing${where}`);
  const time = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    if (typeof t === 'number') {
      time[i] = t * 1000; // unixtime: seconds, already UTC
    } else if (typeof t === 'string') {
      const m = ISO_LOCAL.exec(t);
      if (m) {
        const [, y, mo, d, h, mi, s] = m;
        const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
        time[i] = wall - offsetSeconds * 1000;
      } else {
        // A timestamp with its own zone (Z or ±hh:mm) is absolute already.
        const abs = /(Z|[+-]\d{2}:?\d{2})$/.test(t) ? Date.parse(t) : NaN;
        if (Number.isNaN(abs)) throw malformed(`hourly.time has an unreadable hour "${t}"${where}`);
        time[i] = abs;
      }
    } else {
      throw malformed(`hourly.time has an unreadable hour${where}`);
    }
    if (i > 0 && time[i]! - time[i - 1]! !== HOUR_MS) {
      throw malformed(`hourly.time is not one hour apart at "${String(t)}"${where}`);
    }
  }
  return time;
}
