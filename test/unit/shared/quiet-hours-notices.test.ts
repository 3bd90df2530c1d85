import { noticeTimesHeldByQuietHours } from '../../../shared/quiet-hours-notices';

const HARBOR = { name: 'Harbor Point Tower', noticeTimes: [{ time: '18:00' }, { time: '05:00' }] };
const NIGHT = { enabled: true, start: '20:00', end: '06:00' };

describe('notice times inside quiet hours', () => {
  it("should say Harbor Point Tower's 05:00 notice will wait until 06:00", () => {
    expect(noticeTimesHeldByQuietHours(NIGHT, [HARBOR])).toEqual([
      {
        jobsiteName: 'Harbor Point Tower',
        time: '05:00',
        until: '06:00',
        message: "Harbor Point Tower's 05:00 notice will wait until 06:00",
      },
    ]);
  });

  it('should warn about nothing when quiet hours are off or no notice falls inside them', () => {
    expect(noticeTimesHeldByQuietHours({ ...NIGHT, enabled: false }, [HARBOR])).toEqual([]);
    expect(noticeTimesHeldByQuietHours(null, [HARBOR])).toEqual([]);
    expect(noticeTimesHeldByQuietHours({ enabled: true, start: '21:00', end: '04:45' }, [HARBOR])).toEqual(
      [],
    );
  });

  it('should count the start as inside and the end as outside, across midnight and within a day', () => {
    const site = { name: 'Depot', noticeTimes: [{ time: '20:00' }, { time: '06:00' }, { time: '23:45' }] };
    expect(noticeTimesHeldByQuietHours(NIGHT, [site]).map((h) => h.time)).toEqual(['20:00', '23:45']);
    const day = { enabled: true, start: '12:00', end: '13:00' };
    const lunch = { name: 'Depot', noticeTimes: [{ time: '12:30' }, { time: '13:00' }] };
    expect(noticeTimesHeldByQuietHours(day, [lunch]).map((h) => h.time)).toEqual(['12:30']);
  });

  it('should name each jobsite once per time and call an unnamed one "This jobsite"', () => {
    const sites = [
      { name: '', noticeTimes: [{ time: '05:00' }, { time: '05:00' }] },
      { name: 'Pier 9', noticeTimes: [{ time: '21:15' }, { time: '' }] },
    ];
    expect(noticeTimesHeldByQuietHours(NIGHT, sites).map((h) => h.message)).toEqual([
      "This jobsite's 05:00 notice will wait until 06:00",
      "Pier 9's 21:15 notice will wait until 06:00",
    ]);
  });
});
