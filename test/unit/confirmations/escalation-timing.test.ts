import {
  confirmationLine,
  endOfLocalDay,
  escalationDueAt,
  LIFE_SAFETY_ESCALATION_MINUTES,
} from '../../../shared/confirmations';

const CHICAGO = 'America/Chicago';

describe('escalation timing', () => {
  it('should escalate 30 real minutes after a notice sent just before the spring-forward jump', () => {
    // 01:50 CST on Sunday 8 March 2026; clocks jump from 02:00 to 03:00.
    const sent = new Date('2026-03-08T07:50:00Z');
    const due = escalationDueAt(sent, { escalationMinutes: 30, lifeSafety: false });
    expect(due.toISOString()).toBe('2026-03-08T08:20:00.000Z');
    // On the wall clock that is 03:20 CDT: 90 minutes by the clock, 30 by the crew's wait.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: CHICAGO, timeStyle: 'short' }).format(due)).toBe(
      '03:20',
    );
  });

  it('should escalate 30 real minutes after a notice sent in the repeated hour of the fall-back change', () => {
    // 01:45 CDT on Sunday 1 November 2026; 02:00 CDT becomes 01:00 CST.
    const sent = new Date('2026-11-01T06:45:00Z');
    const due = escalationDueAt(sent, { escalationMinutes: 30, lifeSafety: false });
    expect(due.getTime() - sent.getTime()).toBe(30 * 60_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: CHICAGO, timeStyle: 'short' }).format(due)).toBe(
      '01:15',
    );
  });

  it('should escalate a lightning or official-warning notice after 10 minutes, whatever the window', () => {
    const sent = new Date('2026-07-14T10:00:00Z');
    expect(escalationDueAt(sent, { escalationMinutes: 120, lifeSafety: true }).toISOString()).toBe(
      new Date(sent.getTime() + LIFE_SAFETY_ESCALATION_MINUTES * 60_000).toISOString(),
    );
    // A window shorter than ten minutes is kept.
    expect(escalationDueAt(sent, { escalationMinutes: 5, lifeSafety: true }).toISOString()).toBe(
      '2026-07-14T10:05:00.000Z',
    );
  });

  it('should end a confirmation link at local midnight on a 23-hour and a 25-hour day', () => {
    expect(endOfLocalDay('2026-03-08', CHICAGO).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(endOfLocalDay('2026-11-01', CHICAGO).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(endOfLocalDay('2026-03-07', CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('should end the day at the first instant of the next day where DST skips midnight', () => {
    // Santiago springs forward at 24:00 on 5 September 2026: the 6th starts at 01:00 local (04:00Z).
    const end = endOfLocalDay('2026-09-05', 'America/Santiago');
    expect(end.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('should state the answer at the jobsite’s local time, after a DST change too', () => {
    const line = confirmationLine({
      foremanName: 'Ana Ruiz',
      answer: 'stood-down',
      answeredAt: '2026-03-09T10:12:00Z',
      answeredVia: 'email',
      timezone: CHICAGO,
    });
    expect(line).toBe('Confirmed by Ana Ruiz at 05:12: crew stood down (email link)');
  });
});
