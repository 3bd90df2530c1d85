import type { DayJudgement } from '../../../shared/weather/engine';
import type { JobsiteOutlook } from '../../../shared/weather/outlook';
import { todayAndTomorrow } from '../../../web/src/features/weather/today-and-tomorrow';

const day = (date: string, verdict: DayJudgement['verdict'] = 'none'): DayJudgement => ({
  date,
  verdict,
  hoursLost: verdict === 'full' ? 10 : 0,
  workingHours: 10,
  rules: [],
});

const outlook = (timezone: string, days: DayJudgement[], workingDays = [1, 2, 3, 4, 5]): JobsiteOutlook => ({
  jobsite: {
    id: 'site-1',
    name: 'Harbor Point Tower',
    timezone,
    workingDays,
    workingHours: { start: '07:00', end: '17:00' },
    scenario: null,
    active: true,
  },
  rules: [],
  source: 'simulated',
  error: null,
  days,
  hourly: { time: [], values: {} },
});

describe('todayAndTomorrow', () => {
  it("should use the jobsite's calendar when the browser is already on the next day", () => {
    // 2026-11-26 04:30 UTC is Wednesday 8:30 PM in Seattle.
    const now = Date.parse('2026-11-26T04:30:00Z');
    const days = todayAndTomorrow(
      outlook('America/Los_Angeles', [day('2026-11-25', 'full'), day('2026-11-26')]),
      now,
    );
    expect(days.map((d) => [d.label, d.date, d.judgement?.verdict])).toEqual([
      ['Today', '2026-11-25', 'full'],
      ['Tomorrow', '2026-11-26', 'none'],
    ]);
  });

  it('should mark a day off as not working when tomorrow is a Saturday', () => {
    const now = Date.parse('2026-11-27T15:00:00Z'); // Friday in Chicago
    const [today, tomorrow] = todayAndTomorrow(outlook('America/Chicago', [day('2026-11-27')]), now);
    expect(today).toMatchObject({ date: '2026-11-27', working: true });
    expect(tomorrow).toMatchObject({ date: '2026-11-28', working: false, judgement: undefined });
  });

  it('should leave the judgement empty when a working day lies past the forecast', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    const [, tomorrow] = todayAndTomorrow(outlook('America/Chicago', [day('2026-11-25')]), now);
    expect(tomorrow).toMatchObject({ date: '2026-11-26', working: true, judgement: undefined });
  });
});
