import { judgeForecast } from '../../../shared/weather/engine';
import { getPreset, hasRainRule, PRESETS } from '../../../shared/weather/presets';
import { forecast, site } from './helpers';

describe('what each preset catches and what it does not', () => {
  it.each(['concrete', 'masonry', 'roofing', 'asphalt'])(
    'should stop the %s preset for any measurable rain in working hours',
    (id) => {
      // Prepare: calm, mild weather with 0.3 mm (0.012 in) of rain in every hour.
      const f = forecast('2026-06-01T00:00:00Z', 48, {
        temperature: 20,
        dew_point: 5,
        relative_humidity: 40,
        precipitation: 0.3,
        precipitation_probability: 40,
        wind_speed: 5,
        wind_gusts: 10,
        weather_code: 61,
      });

      // Act
      const [day] = judgeForecast(f, site(getPreset(id)!.rules(), { workingDays: [1] }));

      // Assert
      expect(day!.verdict).toBe('full');
    },
  );

  it('should not stop a concrete pour for a trace of rain below the measurable 0.01 in', () => {
    const f = forecast('2026-06-01T00:00:00Z', 48, {
      temperature: 20,
      dew_point: 5,
      relative_humidity: 40,
      precipitation: 0.1,
      wind_speed: 5,
    });
    const [day] = judgeForecast(f, site(getPreset('concrete')!.rules(), { workingDays: [1] }));
    expect(day!.verdict).toBe('none');
  });

  it.each(PRESETS.map((p) => [p.name, p] as const))(
    'should name its source and say what it misses: %s',
    (_name, p) => {
      expect(p.source.length).toBeGreaterThan(10);
      expect(p.misses.length).toBeGreaterThan(10);
      // A preset that would never call a rain delay says so when it is picked.
      if (p.kind === 'delay' && !hasRainRule(p.rules())) expect(p.misses).toMatch(/rain/i);
    },
  );

  it('should tell a concrete crew that lifts to add the crane preset', () => {
    expect(getPreset('concrete')!.misses).toContain('No wind rule: add Crane if you lift');
  });

  it('should count rain rate and rain chance as rain rules, but not a stormwater reminder', () => {
    expect(hasRainRule(getPreset('general')!.rules())).toBe(true);
    expect(hasRainRule(getPreset('crane')!.rules())).toBe(false);
    expect(hasRainRule(getPreset('stormwater')!.rules())).toBe(false);
  });
});
