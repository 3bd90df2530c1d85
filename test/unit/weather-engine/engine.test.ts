import {
  compileSite,
  DaySummaries,
  judgeForecast,
  RuleEngine,
  VERDICT_FULL,
  VERDICTS,
} from '../../../shared/weather/engine';
import { dayOfDate } from '../../../shared/weather/local-time';
import type { Rule } from '../../../shared/weather/rule';
import { CALM, forecast, gustRule, rule, setAt, setRange, site } from './helpers';

// 2026-11-23 is a Monday. Forecasts start on Sunday 22 November, 00:00 UTC; the site is in UTC
// unless a test says otherwise, so local hours equal UTC hours.
const SUNDAY = '2026-11-22T00:00:00Z';
const MONDAY = '2026-11-23';
const at = (hh: string, date = MONDAY) => `${date}T${hh}:00Z`;

function monday(rules: Rule[], prepare: (f: ReturnType<typeof forecast>) => void, opts = {}) {
  const f = forecast(SUNDAY, 72);
  prepare(f);
  return judgeForecast(f, site(rules), { from: MONDAY, days: 1, ...opts })[0]!;
}

describe('judgeForecast: working hours and days', () => {
  it('should judge one entry per working day fully covered by the forecast, in date order', () => {
    // Prepare: Sunday 00:00 UTC to Saturday 00:00 UTC (120 h), Monday to Friday working days.
    const f = forecast(SUNDAY, 24 * 6);

    // Act
    const days = judgeForecast(f, site([gustRule()]));

    // Assert: Sunday is not a working day; Friday is covered (its last hour starts 16:00).
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(days.every((d) => d.verdict === 'none' && d.hoursLost === 0 && d.workingHours === 10)).toBe(true);
  });

  it('should count an hour only when start <= its local start < end', () => {
    // Prepare: gusts from 06:00 to 18:00 UTC Monday.
    const day = monday([gustRule()], (f) => setRange(f, 'wind_gusts', 60, at('06:00'), at('18:00')));

    // Assert: 07:00 is the first working hour, 16:00 the last (end 17:00).
    expect(day.workingHours).toBe(10);
    expect(day.rules[0]!.hours).toEqual([
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(day.rules[0]!.reason).toBe('Gusts 37 mph from 7 AM to 5 PM exceed the crane limit of 31 mph');
  });

  it('should never cite hours outside working hours when the weather is bad only outside them', () => {
    // Prepare: gusts at 05:00, 06:00 and 17:00.
    const day = monday([gustRule()], (f) =>
      setAt(f, 'wind_gusts', 80, at('05:00'), at('06:00'), at('17:00')),
    );

    // Assert
    expect(day).toMatchObject({ verdict: 'none', hoursLost: 0, rules: [] });
  });

  it('should skip a day whose working hours the forecast covers only in part', () => {
    // Prepare: the forecast starts Monday 10:00 UTC, inside Monday's working hours.
    const f = forecast('2026-11-23T10:00:00Z', 48);

    // Act
    const days = judgeForecast(f, site([gustRule()]));

    // Assert: Monday is incomplete; Tuesday is whole; Wednesday ends at 10:00, incomplete.
    expect(days.map((d) => d.date)).toEqual(['2026-11-24']);
  });

  it('should judge only the requested days when from and days are given', () => {
    // Prepare
    const f = forecast(SUNDAY, 24 * 6);

    // Act
    const days = judgeForecast(f, site([gustRule()]), { from: '2026-11-25', days: 2 });

    // Assert
    expect(days.map((d) => d.date)).toEqual(['2026-11-25', '2026-11-26']);
  });

  it('should judge nothing when the site has no working days or an empty window', () => {
    const f = forecast(SUNDAY, 72);
    expect(judgeForecast(f, site([gustRule()], { workingDays: [] }))).toEqual([]);
    expect(judgeForecast(f, site([gustRule()], { workingHours: { start: '09:00', end: '09:00' } }))).toEqual(
      [],
    );
  });

  it('should throw a RangeError when the timezone or a working hour is not valid', () => {
    const f = forecast(SUNDAY, 72);
    expect(() => judgeForecast(f, site([gustRule()], { timezone: 'Mars/Olympus' }))).toThrow(RangeError);
    expect(() =>
      judgeForecast(f, site([gustRule()], { workingHours: { start: '7:00', end: '17:00' } })),
    ).toThrow(RangeError);
  });
});

describe('judgeForecast: verdicts', () => {
  it.each([
    // [lost hours (UTC, Monday), verdict, hoursLost]
    [[], 'none', 0],
    [['07:00'], 'partial', 1],
    [['07:00', '08:00', '09:00', '10:00', '11:00', '12:00'], 'partial', 6], // 4 workable hours left in a row
    [['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00'], 'full', 7], // only 3 left
    [['10:00', '11:00', '12:00', '13:00'], 'full', 4], // 3 + 3 workable hours: no half shift
    [['11:00'], 'partial', 1], // 4 + 5 workable hours
    [['09:00', '11:00', '13:00', '15:00'], 'full', 4], // scattered storms
  ])('should give %j lost hours the verdict %s', (hours, verdict, hoursLost) => {
    // Prepare / act
    const day = monday([gustRule()], (f) => {
      if (hours.length) setAt(f, 'wind_gusts', 60, ...hours.map((h) => at(h)));
    });

    // Assert
    expect(day.verdict).toBe(verdict);
    expect(day.hoursLost).toBe(hoursLost);
  });

  it('should give a full verdict when every working hour is lost', () => {
    const day = monday([gustRule()], (f) => setRange(f, 'wind_gusts', 60, at('00:00'), at('23:00')));
    expect(day).toMatchObject({ verdict: 'full', hoursLost: 10, workingHours: 10 });
  });

  it('should need fewer workable hours in a row when the working day is short', () => {
    // Prepare: a 4-hour day (08:00–12:00) needs 2 workable hours in a row; 09:00 is lost.
    const f = forecast(SUNDAY, 72);
    setAt(f, 'wind_gusts', 60, at('09:00'));
    const s = site([gustRule()], { workingHours: { start: '08:00', end: '12:00' } });

    // Act
    const day = judgeForecast(f, s, { from: MONDAY, days: 1 })[0]!;

    // Assert: 10:00–12:00 is workable.
    expect(day).toMatchObject({ verdict: 'partial', hoursLost: 1, workingHours: 4 });
  });

  it('should honour minWorkableHours when the caller sets it', () => {
    const day = monday([gustRule()], (f) => setAt(f, 'wind_gusts', 60, at('11:00')), { minWorkableHours: 5 });
    // 4 + 5 workable hours in a row: partial when 5 are needed, full when 6 are.
    expect(day.verdict).toBe('partial');
    const worse = monday([gustRule()], (f) => setAt(f, 'wind_gusts', 60, at('12:00')), {
      minWorkableHours: 6,
    });
    expect(worse.verdict).toBe('full');
  });

  it('should count an hour once when several rules meet it', () => {
    // Prepare: gusts 07–10, rain 09–12 → 07..11 lost (5 hours).
    const rain: Rule = { id: 'rain', metric: 'precipitation', op: '>=', threshold: 2.54 };
    const day = monday([gustRule(), rain], (f) => {
      setRange(f, 'wind_gusts', 60, at('07:00'), at('10:00'));
      setRange(f, 'precipitation', 3, at('09:00'), at('12:00'));
    });

    // Assert
    expect(day.hoursLost).toBe(5);
    expect(day.rules.map((r) => r.id)).toEqual(['gusts', 'rain']);
  });
});

describe('judgeForecast: rule semantics', () => {
  it('should never meet a rule on a missing (NaN) value, whatever the comparison', () => {
    // Prepare: NaN gusts and NaN temperature all day, with rules that any number would meet.
    const rules: Rule[] = [
      { id: 'hi', metric: 'wind_gusts', op: '>=', threshold: -1e9 },
      { id: 'lo', metric: 'temperature', op: '<=', threshold: 1e9 },
    ];
    const day = monday(rules, (f) => {
      setRange(f, 'wind_gusts', NaN, at('00:00'), at('23:00'));
      setRange(f, 'temperature', NaN, at('00:00'), at('23:00'));
    });

    // Assert
    expect(day).toMatchObject({ verdict: 'none', hoursLost: 0, rules: [] });
  });

  it('should never meet a rule on a variable the forecast lacks', () => {
    const f = forecast(SUNDAY, 72, { temperature: 20 });
    const days = judgeForecast(f, site([gustRule({ threshold: 0 })]), { from: MONDAY, days: 1 });
    expect(days[0]!.hoursLost).toBe(0);
  });

  it('should keep a rule on until the value crosses clearThreshold when hysteresis is set', () => {
    // Prepare: gusts 55 at 08:00, then 45 (between clear 40 and trigger 50) until 11:00, then 30.
    const rule = gustRule({ clearThreshold: 40 });
    const day = monday([rule], (f) => {
      setAt(f, 'wind_gusts', 55, at('08:00'));
      setRange(f, 'wind_gusts', 45, at('09:00'), at('11:00'));
      setAt(f, 'wind_gusts', 30, at('11:00'));
      setAt(f, 'wind_gusts', 45, at('12:00')); // below the trigger: does not turn it on again
    });

    // Assert
    expect(day.rules[0]!.hours).toEqual(['08:00', '09:00', '10:00']);
    expect(day.rules[0]!.peak).toBe(55);
  });

  it('should turn a rule off at once without hysteresis', () => {
    const day = monday([gustRule()], (f) => {
      setAt(f, 'wind_gusts', 55, at('08:00'));
      setAt(f, 'wind_gusts', 45, at('09:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['08:00']);
  });

  it('should carry hysteresis for lower limits the other way', () => {
    // Prepare: cold rule ≤ 4 °C, clears above 6 °C.
    const cold: Rule = { id: 'cold', metric: 'temperature', op: '<=', threshold: 4, clearThreshold: 6 };
    const day = monday([cold], (f) => {
      setAt(f, 'temperature', 3, at('07:00'));
      setAt(f, 'temperature', 5, at('08:00'));
      setAt(f, 'temperature', 6.5, at('09:00'));
      setAt(f, 'temperature', 5, at('10:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['07:00', '08:00']);
  });

  it('should carry hysteresis in from hours before the working day', () => {
    // Prepare: the gusts trigger at 05:00 and stay between clear and trigger until 09:00.
    const day = monday([gustRule({ clearThreshold: 40 })], (f) => {
      setAt(f, 'wind_gusts', 60, at('05:00'));
      setRange(f, 'wind_gusts', 45, at('06:00'), at('09:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['07:00', '08:00']);
    expect(day.rules[0]!.reason).toBe(
      'Gusts 28 mph from 7 AM to 9 AM: the crane limit of 31 mph still applies',
    );
  });

  it('should count only runs of at least minDurationHours consecutive hours', () => {
    // Prepare: a 2-hour run (08–09) and a 3-hour run (12–14); minimum 3 hours.
    const day = monday([gustRule({ minDurationHours: 3 })], (f) => {
      setAt(f, 'wind_gusts', 60, at('08:00'), at('09:00'));
      setAt(f, 'wind_gusts', 60, at('12:00'), at('13:00'), at('14:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['12:00', '13:00', '14:00']);
  });

  it('should count a run that starts before working hours towards minDurationHours', () => {
    // Prepare: 05:00–07:59 (3 hours), only 07:00 in working hours.
    const day = monday([gustRule({ minDurationHours: 3 })], (f) =>
      setAt(f, 'wind_gusts', 60, at('05:00'), at('06:00'), at('07:00')),
    );
    expect(day.rules[0]!.hours).toEqual(['07:00']);
  });

  it('should count a run that ends after working hours towards minDurationHours', () => {
    const day = monday([gustRule({ minDurationHours: 3 })], (f) =>
      setAt(f, 'wind_gusts', 60, at('16:00'), at('17:00'), at('18:00')),
    );
    expect(day.rules[0]!.hours).toEqual(['16:00']);
  });

  it('should count an hour only when the probability of precipitation reaches the floor', () => {
    // Prepare: rain every hour 08–11; probability 70, 40, NaN, 50 against a floor of 50.
    const rain: Rule = { id: 'rain', metric: 'precipitation', op: '>=', threshold: 1, probabilityFloor: 50 };
    const day = monday([rain], (f) => {
      setRange(f, 'precipitation', 2, at('08:00'), at('12:00'));
      setAt(f, 'precipitation_probability', 70, at('08:00'));
      setAt(f, 'precipitation_probability', 40, at('09:00'));
      setAt(f, 'precipitation_probability', NaN, at('10:00'));
      setAt(f, 'precipitation_probability', 50, at('11:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['08:00', '11:00']);
  });

  it('should ignore the probability floor when the forecast has no probability series', () => {
    const f = forecast(SUNDAY, 72, { precipitation: 2 });
    const rain: Rule = { id: 'rain', metric: 'precipitation', op: '>=', threshold: 1, probabilityFloor: 90 };
    const day = judgeForecast(f, site([rain]), { from: MONDAY, days: 1 })[0]!;
    expect(day.hoursLost).toBe(10);
  });

  it('should meet a rule with a when condition only in hours where the condition holds too', () => {
    // Prepare: wind > 12.87 km/h when air > 32.2 °C; wind all day, heat only 12–14.
    const hotWind = rule('masonry-hot-wind', 'wind_speed', '>', 12.874752, {
      when: { metric: 'temperature', op: '>', threshold: 32.22222222222222 },
      label: 'the hot-weather masonry limit',
    });
    const day = monday([hotWind], (f) => {
      setRange(f, 'wind_speed', 20, at('00:00'), at('23:00'));
      setRange(f, 'temperature', 34, at('12:00'), at('15:00'));
    });
    expect(day.rules[0]!.hours).toEqual(['12:00', '13:00', '14:00']);
    expect(day.rules[0]!.reason).toBe(
      'Wind 12 mph from 12 PM to 3 PM with air above 90 °F exceeds the hot-weather masonry limit of 8 mph',
    );
  });

  it('should keep a rule on for holdHours after its last meeting hour', () => {
    // Prepare: thunder at 13:00 only; lightning holds one more hour.
    const lightning = rule('lightning', 'weather_code', '>=', 95, {
      holdHours: 1,
      label: 'the lightning rule',
    });
    const day = monday([lightning], (f) => setAt(f, 'weather_code', 95, at('13:00')));
    expect(day.rules[0]!.hours).toEqual(['13:00', '14:00']);
    expect(day.rules[0]!.reason).toBe('Thunderstorm forecast from 1 PM to 3 PM triggers the lightning rule');
  });

  it('should compare the sum over sumHours when the rule has a window', () => {
    // Prepare: 2 mm/h from Sunday 20:00 to Monday 00:59 (5 h = 10 mm), then dry; trigger 6.35 mm in 24 h.
    const storm = rule('stormwater-24h', 'precipitation', '>=', 6.35, {
      sumHours: 24,
      kind: 'reminder',
      label: 'the stormwater inspection trigger',
    });
    const day = monday([storm], (f) => setRange(f, 'precipitation', 2, '2026-11-22T20:00:00Z', at('01:00')));

    // Assert: the 24-hour sum stays at 10 mm through Monday's working hours (until 19:59).
    expect(day.rules[0]).toMatchObject({ id: 'stormwater-24h', kind: 'reminder', peak: 10 });
    expect(day.rules[0]!.hours).toHaveLength(10);
    expect(day.rules[0]!.reason).toBe(
      '24-hour precipitation 0.39 in from 7 AM to 5 PM exceeds the stormwater inspection trigger of 0.25 in',
    );
  });

  it('should report a reminder rule without counting its hours as lost', () => {
    const reminder = gustRule({ id: 'gust-note', kind: 'reminder' });
    const day = monday([reminder], (f) => setRange(f, 'wind_gusts', 60, at('00:00'), at('23:00')));
    expect(day).toMatchObject({ verdict: 'none', hoursLost: 0 });
    expect(day.rules.map((r) => [r.id, r.kind])).toEqual([['gust-note', 'reminder']]);
  });
});

describe('judgeForecast: reasons', () => {
  it('should list separate runs of hours in one line', () => {
    const day = monday([gustRule()], (f) => {
      setAt(f, 'wind_gusts', 60, at('07:00'), at('08:00'));
      setAt(f, 'wind_gusts', 70, at('13:00'));
      setAt(f, 'wind_gusts', 55, at('15:00'));
    });
    expect(day.rules[0]!.reason).toBe(
      'Gusts 43 mph from 7 AM to 9 AM, 1 PM to 2 PM and 3 PM to 4 PM exceed the crane limit of 31 mph',
    );
  });

  it('should say the value reaches the limit when it shows as the limit', () => {
    // 48.28032 km/h is exactly 30 mph.
    const crane = gustRule({ threshold: 48.28032 });
    const day = monday([crane], (f) => setAt(f, 'wind_gusts', 48.28032, at('10:00')));
    expect(day.rules[0]!.reason).toBe('Gusts 30 mph from 10 AM to 11 AM reach the crane limit of 30 mph');
  });

  it('should word lower limits as below or at the limit', () => {
    const cold = rule('cold', 'temperature', '<=', 4.444444444444445, { label: 'the cold-concrete limit' });
    const below = monday([cold], (f) => setRange(f, 'temperature', -2.2222, at('07:00'), at('11:00')));
    expect(below.rules[0]!.reason).toBe(
      'Air 28 °F from 7 AM to 11 AM is below the cold-concrete limit of 40 °F',
    );
    const atLimit = monday([cold], (f) => setAt(f, 'temperature', 4.444444444444445, at('12:00')));
    expect(atLimit.rules[0]!.reason).toBe(
      'Air 40 °F from 12 PM to 1 PM is at the cold-concrete limit of 40 °F',
    );
  });

  it('should write reasons in metric units when asked', () => {
    const day = monday([gustRule()], (f) => setAt(f, 'wind_gusts', 60, at('10:00')), { units: 'metric' });
    expect(day.rules[0]!.reason).toBe('Gusts 60 km/h from 10 AM to 11 AM exceed the crane limit of 50 km/h');
  });

  it('should fall back to "the limit" when a rule has no label', () => {
    const day = monday([gustRule({ label: undefined })], (f) => setAt(f, 'wind_gusts', 60, at('10:00')));
    expect(day.rules[0]!.reason).toBe('Gusts 37 mph from 10 AM to 11 AM exceed the limit of 31 mph');
  });
});

describe('RuleEngine: the hot path', () => {
  it('should give the same verdicts as judgeForecast when reused across sites', () => {
    // Prepare: two sites, one engine and one output buffer reused.
    const engine = new RuleEngine();
    const out = new DaySummaries();
    const f = forecast(SUNDAY, 24 * 6, CALM);
    setRange(f, 'wind_gusts', 60, at('07:00', '2026-11-24'), at('15:00', '2026-11-24'));
    const a = site([gustRule()]);
    const b = site([gustRule({ threshold: 70 })]);

    // Act
    const countA = engine.judge(f, compileSite(a), out);
    const verdictsA = Array.from(out.verdict.subarray(0, countA));
    const countB = engine.judge(f, compileSite(b), out);
    const verdictsB = Array.from(out.verdict.subarray(0, countB));

    // Assert
    expect(verdictsA.map((v) => VERDICTS[v])).toEqual(judgeForecast(f, a).map((d) => d.verdict));
    expect(verdictsA[1]).toBe(VERDICT_FULL);
    expect(verdictsB.every((v) => v === 0)).toBe(true);
    expect(out.day[0]).toBe(dayOfDate(MONDAY));
  });

  it.each([
    [
      'hysteresis carried in from the night',
      gustRule({ clearThreshold: 40 }),
      [
        ['05:00', 60],
        ['06:00', 45],
        ['07:00', 45],
        ['08:00', 45],
      ],
      2,
    ],
    [
      'a run that starts the night before',
      gustRule({ minDurationHours: 4 }),
      [
        ['04:00', 60],
        ['05:00', 60],
        ['06:00', 60],
        ['07:00', 60],
      ],
      1,
    ],
    [
      'a run that ends after working hours',
      gustRule({ minDurationHours: 3 }),
      [
        ['16:00', 60],
        ['17:00', 60],
        ['18:00', 60],
      ],
      1,
    ],
    [
      'a run too short to count',
      gustRule({ minDurationHours: 3 }),
      [
        ['16:00', 60],
        ['17:00', 60],
      ],
      0,
    ],
    ['hysteresis over a whole night', gustRule({ clearThreshold: 40 }), [['16:00', 60]], 1],
  ] as const)(
    'should lose the same hours on the hot path as judgeForecast with %s',
    (_name, rule, gusts, lostMonday) => {
      // Prepare: Monday's gusts; for the last case, gusts stay at 45 (between clear and trigger) all
      // night into Tuesday.
      const f = forecast(SUNDAY, 24 * 4);
      for (const [hh, v] of gusts) setAt(f, 'wind_gusts', v, at(hh));
      if (_name === 'hysteresis over a whole night')
        setRange(f, 'wind_gusts', 45, at('17:00'), '2026-11-24T09:00:00Z');
      const s = site([rule]);
      const engine = new RuleEngine();
      const out = new DaySummaries();

      // Act
      const friendly = judgeForecast(f, s);
      const count = engine.judge(f, compileSite(s), out);

      // Assert
      expect(Array.from(out.hoursLost.subarray(0, count))).toEqual(friendly.map((d) => d.hoursLost));
      expect(friendly[0]!.hoursLost).toBe(lostMonday);
    },
  );
});
