import fc from 'fast-check';
import {
  dewPointFromRelativeHumidity,
  deriveSeries,
  evaporationRate,
  heatIndex,
  rothfuszHeatIndexF,
  relativeHumidityFromDewPoint,
  windChill,
} from '../../../shared/weather/derived';
import { RULE_METRICS } from '../../../shared/weather/rule';
import { formatValue, fromDisplay, toDisplay, unitLabel } from '../../../shared/weather/units';
import { forecast } from './helpers';

const fToC = (f: number) => ((f - 32) * 5) / 9;
const mphToKmh = (mph: number) => mph * 1.609344;

describe('unit conversions', () => {
  it.each([
    ['temperature', 0, 32],
    ['temperature', 100, 212],
    ['temperature', -40, -40],
    ['dew_point_spread', 5, 9],
    ['wind_gusts', 48.28032, 30],
    ['precipitation', 2.54, 0.1],
    ['snowfall', 2.54, 1],
    ['visibility', 1609.344, 1],
    ['relative_humidity', 85, 85],
    ['weather_code', 95, 95],
  ] as const)('should show %s %d (canonical) as %d in US units', (metric, canonical, us) => {
    expect(toDisplay(metric, canonical, 'us')).toBeCloseTo(us, 10);
    expect(fromDisplay(metric, us, 'us')).toBeCloseTo(canonical, 10);
    expect(toDisplay(metric, canonical, 'metric')).toBe(canonical);
  });

  it('should convert 0.2 lb/ft²/h to 0.976 kg/m²/h', () => {
    expect(fromDisplay('evaporation_rate', 0.2, 'us')).toBeCloseTo(0.97648553, 8);
  });

  it('should round-trip every metric through display units when the value is finite', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULE_METRICS),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (m, v) => {
          const back = fromDisplay(m, toDisplay(m, v, 'us'), 'us');
          expect(Math.abs(back - v)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)));
        },
      ),
    );
  });

  it('should label rates and amounts in each system', () => {
    expect(unitLabel('precipitation', 'us')).toBe('in/h');
    expect(unitLabel('precipitation', 'us', { amount: true })).toBe('in');
    expect(unitLabel('precipitation', 'metric', { amount: true })).toBe('mm');
    expect(unitLabel('snowfall', 'metric')).toBe('cm/h');
    expect(unitLabel('wind_speed', 'metric')).toBe('km/h');
    expect(unitLabel('evaporation_rate', 'us')).toBe('lb/ft²/h');
    expect(unitLabel('dew_point_spread', 'us')).toBe('°F');
  });

  it('should format values with the right decimals and no negative zero', () => {
    expect(formatValue('temperature', -2.2222, 'us')).toBe('28 °F');
    expect(formatValue('temperature', -0.01, 'metric')).toBe('0 °C');
    expect(formatValue('precipitation', 2.54, 'us')).toBe('0.1 in/h');
    expect(formatValue('precipitation_probability', 60, 'us')).toBe('60%');
    expect(formatValue('visibility', 800, 'us')).toBe('0.5 mi');
    expect(formatValue('weather_code', 95, 'metric')).toBe('95');
  });
});

describe('derived metrics', () => {
  it.each([
    // [°F, RH %, NWS heat index °F] from the NWS heat index chart
    [90, 50, 95],
    [96, 65, 121],
    [100, 40, 109],
    [80, 40, 80],
    [86, 90, 105],
  ])('should give the NWS heat index for %d °F and %d%% humidity as about %d °F', (t, rh, hi) => {
    expect(toDisplay('heat_index', heatIndex(fToC(t), rh), 'us')).toBeCloseTo(hi, -0.5);
  });

  it('should apply the low-humidity adjustment when humidity is below 13%', () => {
    // 100 °F at 10% RH: the Rothfusz regression less (13 − 10) / 4 × √((17 − |100 − 95|) / 17).
    const [t, rh] = [100, 10];
    // The regression itself is pinned by the NWS table above and by the 94.12 °F below.
    const expected = rothfuszHeatIndexF(t, rh) - 0.75 * Math.sqrt(12 / 17);
    expect(toDisplay('heat_index', heatIndex(fToC(t), rh), 'us')).toBeCloseTo(expected, 9);
    expect(expected).toBeCloseTo(94.12, 2);
  });

  it('should use the simple formula when it is cool', () => {
    // 0.5 × (70 + 61 + (70 − 68) × 1.2 + 50 × 0.094) = 69.05 °F
    expect(toDisplay('heat_index', heatIndex(fToC(70), 50), 'us')).toBeCloseTo(69.05, 9);
  });

  it.each([
    // [°F, mph, NWS wind chill °F] from the NWS wind chill chart
    [0, 15, -19],
    [20, 30, 1],
    [-10, 5, -22],
    [40, 10, 34],
  ])('should give the NWS wind chill for %d °F and %d mph as %d °F', (t, mph, wc) => {
    expect(Math.round(toDisplay('wind_chill', windChill(fToC(t), mphToKmh(mph)), 'us'))).toBe(wc);
  });

  it('should equal the air temperature when it is warmer than 10 °C or the wind is 4.8 km/h or less', () => {
    expect(windChill(12, 40)).toBe(12);
    expect(windChill(-5, 4.8)).toBe(-5);
    expect(windChill(-5, NaN)).toBeNaN();
  });

  it('should compute the ACI 305 evaporation rate with Uno’s equation', () => {
    // 30 °C air and concrete, 50% RH, 16 km/h: 5 × 48^2.5 × 0.5 × 20 × 1e-6 ≈ 0.798 kg/m²/h.
    expect(evaporationRate(30, 50, 16)).toBeCloseTo(0.7981, 4);
    // Warmer concrete than air evaporates faster.
    expect(evaporationRate(30, 50, 16, 35)).toBeGreaterThan(evaporationRate(30, 50, 16));
  });

  it('should recover humidity from the dew point and back', () => {
    const rh = relativeHumidityFromDewPoint(25, 15);
    expect(rh).toBeGreaterThan(50);
    expect(rh).toBeLessThan(56);
    expect(dewPointFromRelativeHumidity(25, rh)).toBeCloseTo(15, 9);
  });

  it('should derive series from the forecast, falling back to the dew point for humidity', () => {
    // Prepare: temperature and dew point only.
    const f = forecast('2026-07-01T00:00:00Z', 3, { temperature: 32, dew_point: 24, wind_speed: 10 });

    // Act
    const hi = deriveSeries(f, 'heat_index');
    const spread = deriveSeries(f, 'dew_point_spread');
    const evap = deriveSeries(f, 'evaporation_rate', { concreteTemperature: 35 });

    // Assert
    const rh = relativeHumidityFromDewPoint(32, 24);
    expect(hi[0]).toBeCloseTo(heatIndex(32, rh), 12);
    expect(Array.from(spread)).toEqual([8, 8, 8]);
    expect(evap[2]).toBeCloseTo(evaporationRate(32, rh, 10, 35), 12);
  });

  it('should give NaN series when the forecast lacks what a metric needs', () => {
    const f = forecast('2026-07-01T00:00:00Z', 2, { temperature: 5 });
    expect(Array.from(deriveSeries(f, 'wind_chill'))).toEqual([NaN, NaN]);
    expect(Array.from(deriveSeries(forecast('2026-07-01T00:00:00Z', 2, {}), 'heat_index'))).toEqual([
      NaN,
      NaN,
    ]);
  });
});
