import {
  OpenMeteoResponseError,
  parseOpenMeteo,
  parseOpenMeteoText,
} from '../../../shared/weather/open-meteo-response';
import type { HourlyForecast } from '../../../shared/weather/forecast';
import { OM, fixture, fixtureText, localHour } from './support';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(`${iso}:00Z`);

function at(forecast: HourlyForecast, epochMs: number): number {
  const i = forecast.time.indexOf(epochMs);
  if (i < 0) throw new Error(`no hour ${new Date(epochMs).toISOString()}`);
  return i;
}

function series(forecast: HourlyForecast, name: keyof HourlyForecast['values']): number[] {
  return Array.from(forecast.values[name] ?? []);
}

const finite = (xs: number[]) => xs.filter((x) => !Number.isNaN(x));
const max = (xs: number[]) => Math.max(...finite(xs));
const min = (xs: number[]) => Math.min(...finite(xs));
const sum = (xs: number[]) => finite(xs).reduce((a, b) => a + b, 0);

function expectHourly(forecast: HourlyForecast, hours: number, firstUtc: string) {
  expect(forecast.time).toHaveLength(hours);
  expect(forecast.time[0]).toBe(utc(firstUtc));
  for (let i = 1; i < forecast.time.length; i++) expect(forecast.time[i]! - forecast.time[i - 1]!).toBe(HOUR);
  for (const values of Object.values(forecast.values)) expect(values).toHaveLength(hours);
}

describe('parseOpenMeteo on recorded responses', () => {
  it('should read a 14-day metric GMT response when it is one location (New Jersey)', () => {
    const [nj, ...rest] = parseOpenMeteo(fixture(OM.newJersey));
    expect(rest).toHaveLength(0);
    expectHourly(nj!, 336, '2025-12-28T00:00');
    expect(nj!.source).toBe('open-meteo');
    expect([nj!.latitude, nj!.longitude]).toEqual([40.627975, -74.42501]);
    // Instantaneous values stay on their hour: the minimum of −10.4 °C at 2026-01-04T11:00.
    const temperature = series(nj!, 'temperature');
    expect(min(temperature)).toBe(-10.4);
    expect(temperature[at(nj!, utc('2026-01-04T11:00'))]).toBe(-10.4);
    expect(temperature.filter((t) => t <= 0)).toHaveLength(224);
    expect(min(series(nj!, 'apparent_temperature'))).toBe(-16.4);
    // Gusts are the preceding hour's maximum: the 74.9 km/h labelled 21:00 belongs to 20:00–21:00.
    const gusts = series(nj!, 'wind_gusts');
    expect(gusts[at(nj!, utc('2025-12-29T20:00'))]).toBe(74.9);
    expect(Number.isNaN(gusts[335]!)).toBe(true);
    expect(sum(series(nj!, 'precipitation'))).toBeCloseTo(26.7, 6);
    expect(max(series(nj!, 'precipitation_probability'))).toBe(68);
    expect(nj!.values.relative_humidity).toBeDefined();
    // Variables we did not ask for (uv_index, cloud_cover) are not carried.
    expect(Object.keys(nj!.values).sort()).toEqual(
      [
        'apparent_temperature',
        'precipitation',
        'precipitation_probability',
        'relative_humidity',
        'temperature',
        'wind_gusts',
        'wind_speed',
      ].sort(),
    );
  });

  it('should keep Open-Meteo labels for preceding-hour values when alignment is turned off', () => {
    const [nj] = parseOpenMeteo(fixture(OM.newJersey), { alignPrecedingHour: false });
    expect(series(nj!, 'wind_gusts')[at(nj!, utc('2025-12-29T21:00'))]).toBe(74.9);
  });

  it('should read rain and gusts in km/h and mm when the response is metric (Melbourne)', () => {
    const [mel] = parseOpenMeteo(fixture(OM.melbourne));
    expectHourly(mel!, 168, '2025-10-25T00:00');
    expect(min(series(mel!, 'temperature'))).toBe(5.6);
    expect(max(series(mel!, 'temperature'))).toBe(25);
    expect(sum(series(mel!, 'precipitation'))).toBeCloseTo(27.4, 6);
    expect(max(series(mel!, 'precipitation'))).toBe(3.5);
    expect(series(mel!, 'wind_gusts')[at(mel!, utc('2025-10-27T00:00'))]).toBe(56.5);
    expect(max(series(mel!, 'precipitation_probability'))).toBe(93);
  });

  it('should convert °F, mp/h and inch to °C, km/h and mm when the response is in US units (Toronto)', () => {
    const [tor] = parseOpenMeteo(fixture(OM.toronto));
    const temperature = series(tor!, 'temperature');
    expect(min(temperature)).toBeCloseTo(-3.0556, 4); // 26.5 °F
    expect(temperature.filter((t) => t <= 0)).toHaveLength(47); // the 47 h at or below 32 °F
    expect(max(series(tor!, 'wind_gusts'))).toBeCloseTo(43.2 * 1.609344, 3);
    // 1.008 in labelled 01:00 (−05:00), i.e. the hour 05:00–06:00 UTC.
    expect(series(tor!, 'precipitation')[at(tor!, utc('2026-03-07T05:00'))]).toBeCloseTo(25.6032, 4);
    // Freezing drizzle (WMO 56/57) labelled 02:00–10:00 on 03-11 is 07:00–15:00 UTC.
    const codes = series(tor!, 'weather_code');
    const drizzle = Array.from(tor!.time).filter((_, i) => codes[i] === 56 || codes[i] === 57);
    expect(drizzle).toEqual(Array.from({ length: 9 }, (_, i) => utc('2026-03-11T07:00') + i * HOUR));
  });

  it('should put every hour after the DST switch on its true UTC instant when the response used a fixed −05:00 offset (Toronto)', () => {
    const raw = fixture(OM.toronto);
    expect(raw.timezone).toBe('America/Toronto');
    expect(raw.utc_offset_seconds).toBe(-18000); // EST, applied to the whole series
    const [tor] = parseOpenMeteo(raw);
    expectHourly(tor!, 192, '2026-03-04T05:00');

    // America/Toronto went from EST (−05:00) to EDT (−04:00) at 2026-03-08 07:00 UTC.
    // The response still labels that instant "02:00" (a wall time that did not exist that night)…
    const labels: string[] = raw.hourly.time;
    const switchIndex = labels.indexOf('2026-03-08T02:00');
    expect(tor!.time[switchIndex]).toBe(utc('2026-03-08T07:00'));
    expect(localHour(tor!.time[switchIndex]!, 'America/Toronto')).toBe(3);

    // …and a day later "12:00" is 17:00 UTC, which is 13:00 on Toronto clocks, not noon. Reading the
    // label in the IANA zone would have put this hour's weather an hour early.
    const noonLabel = labels.indexOf('2026-03-09T12:00');
    expect(tor!.time[noonLabel]).toBe(utc('2026-03-09T17:00'));
    expect(localHour(tor!.time[noonLabel]!, 'America/Toronto')).toBe(13);
    expect(series(tor!, 'temperature')[noonLabel]).toBeCloseTo(((52.1 - 32) * 5) / 9, 4);

    // Before the switch, label and clock agree.
    const before = labels.indexOf('2026-03-07T12:00');
    expect(localHour(tor!.time[before]!, 'America/Toronto')).toBe(12);
  });

  it('should give the same instants when the hours come as unixtime instead of ISO text', () => {
    const raw = fixture(OM.toronto);
    const asUnix = {
      ...raw,
      hourly_units: { ...raw.hourly_units, time: 'unixtime' },
      hourly: {
        ...raw.hourly,
        time: raw.hourly.time.map((t: string) => utc(t) / 1000 - raw.utc_offset_seconds),
      },
    };
    const [fromIso] = parseOpenMeteo(raw);
    const [fromUnix] = parseOpenMeteo(asUnix);
    expect(Array.from(fromUnix!.time)).toEqual(Array.from(fromIso!.time));
    expect(series(fromUnix!, 'wind_gusts')).toEqual(series(fromIso!, 'wind_gusts'));
  });

  it('should read knots and legacy variable names when the response uses them (Tampa)', () => {
    const raw = fixture(OM.tampa);
    expect(raw.hourly.windspeed_10m).toBeDefined();
    const [tampa] = parseOpenMeteo(raw);
    expectHourly(tampa!, 168, '2026-07-23T04:00'); // America/New_York at −04:00
    expect(max(series(tampa!, 'wind_speed'))).toBeCloseTo(12.6 * 1.852, 4);
    expect(max(series(tampa!, 'temperature'))).toBe(36.1);
    expect(sum(series(tampa!, 'precipitation'))).toBeCloseTo(13.2, 6);
    expect(tampa!.values.wind_gusts).toBeUndefined();
  });

  it('should read legacy names for humidity, dew point, gusts and weather code when they are present', () => {
    const response = {
      latitude: 1,
      longitude: 2,
      utc_offset_seconds: 0,
      hourly_units: {
        time: 'iso8601',
        relativehumidity_2m: '%',
        dewpoint_2m: '°F',
        windgusts_10m: 'm/s',
        weathercode: 'wmo code',
        visibility: 'ft',
        snowfall: 'inch',
      },
      hourly: {
        time: ['2026-01-01T00:00', '2026-01-01T01:00'],
        relativehumidity_2m: [80, null],
        dewpoint_2m: [32, 50],
        windgusts_10m: [10, 20],
        weathercode: [3, 95],
        visibility: [1000, 2000],
        snowfall: [1, 2],
      },
    };
    const [f] = parseOpenMeteo(response);
    expect(series(f!, 'relative_humidity')).toEqual([80, NaN]);
    expect(series(f!, 'dew_point')).toEqual([0, 10]);
    expect(series(f!, 'wind_gusts')).toEqual([72, NaN]); // 20 m/s over 00:00–01:00
    expect(series(f!, 'weather_code')).toEqual([3, 95]);
    expect(series(f!, 'visibility')).toEqual([304.8, 609.6]);
    expect(series(f!, 'snowfall')).toEqual([5.08, NaN]);
  });

  it('should return every location in order when the response is an array (Reading)', () => {
    const list = parseOpenMeteo(fixture(OM.reading));
    expect(list.map((f) => [f.latitude, f.longitude])).toEqual([
      [51.5, -1],
      [51.75, -1.75],
    ]);
    for (const f of list) expectHourly(f, 72, '2026-07-22T00:00');
    expect(min(series(list[1]!, 'visibility'))).toBe(9300);
    expect(max(series(list[0]!, 'wind_gusts'))).toBe(33.8);
  });

  it('should order locations by location_id when an array arrives reordered', () => {
    const reversed = [...fixture(OM.reading)].reverse();
    expect(parseOpenMeteo(reversed).map((f) => f.latitude)).toEqual([51.5, 51.75]);
  });

  it('should apply each location its own offset when a multi-location response is in local time (Berlin, Paris)', () => {
    const [berlin, paris] = parseOpenMeteo(fixture(OM.berlinParis));
    expectHourly(berlin!, 72, '2025-12-08T23:00'); // 00:00 at +01:00
    expectHourly(paris!, 72, '2025-12-08T23:00');
    expect(series(berlin!, 'temperature')).toHaveLength(72);
  });

  it('should read a response holding only weather codes (Berlin, VCR)', () => {
    const [berlin] = parseOpenMeteo(fixture(OM.berlinCodes));
    expectHourly(berlin!, 168, '2023-11-13T00:00');
    const codes = series(berlin!, 'weather_code');
    expect(codes.filter((c) => c === 61)).toHaveLength(43);
    expect(codes.filter((c) => c === 80)).toHaveLength(19);
    expect(Object.keys(berlin!.values)).toEqual(['weather_code']);
  });
});

describe('parseOpenMeteo refusals', () => {
  it('should throw an api-error naming Open-Meteo’s reason when the body is an error (400)', () => {
    let error: unknown;
    try {
      parseOpenMeteoText(fixtureText(OM.error400));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(OpenMeteoResponseError);
    const e = error as OpenMeteoResponseError;
    expect(e.kind).toBe('api-error');
    expect(e.apiReason).toBe("Parameter 'start_date' is out of allowed range from 2016-01-01 to 2026-10-09");
    expect(e.message).toBe(
      "Open-Meteo refused the request: Parameter 'start_date' is out of allowed range from 2016-01-01 to 2026-10-09",
    );
  });

  it('should throw a malformed error when the text is not JSON', () => {
    expect(() => parseOpenMeteoText('<html>502 Bad Gateway</html>')).toThrow(
      new OpenMeteoResponseError('The Open-Meteo response is not valid JSON.', 'malformed'),
    );
  });

  it('should refuse a unit it does not know when hourly_units names one', () => {
    const raw = fixture(OM.melbourne);
    raw.hourly_units.temperature_2m = 'K';
    expect(() => parseOpenMeteo(raw)).toThrow(
      /Unsupported unit "K" for temperature_2m; expected one of: °c, °f/,
    );
  });

  it('should say which location is wrong when one location of an array is malformed', () => {
    const raw = fixture(OM.reading);
    delete raw[1].hourly;
    expect(() => parseOpenMeteo(raw)).toThrow(
      'The Open-Meteo response is not a forecast: no "hourly" block (location 2 of 2).',
    );
  });

  it('should refuse a series whose length differs from the hours when one is truncated', () => {
    const raw = fixture(OM.melbourne);
    raw.hourly.precipitation.pop();
    expect(() => parseOpenMeteo(raw)).toThrow(/hourly.precipitation does not have one value per hour/);
  });

  it('should refuse a time axis that is not hourly when hours are missing', () => {
    const raw = fixture(OM.melbourne);
    for (const key of Object.keys(raw.hourly)) raw.hourly[key].splice(5, 1);
    expect(() => parseOpenMeteo(raw)).toThrow(/not one hour apart at "2025-10-25T06:00"/);
  });

  it('should refuse an empty array or a non-object when nothing can be a forecast', () => {
    expect(() => parseOpenMeteo([])).toThrow(/holds no location/);
    expect(() => parseOpenMeteo('hello')).toThrow(/not a JSON object/);
  });
});
