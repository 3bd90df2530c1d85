import { readKeyword } from '../../../lambdas/core/sms/sms-keywords';
import { smsStatusOf, stepConsent } from '../../../lambdas/core/sms/consent';
import { composeNoticeText, measureSms } from '../../../shared/sms-text';
import { toE164 } from '../../../shared/phone';

describe('reply keywords', () => {
  it.each(['STOP', 'stop', ' Stop! ', 'StopAll', 'unsubscribe.', 'CANCEL', 'end', 'Quit?'])(
    'should read "%s" as stop',
    (body) => expect(readKeyword(body)).toEqual({ kind: 'stop' }),
  );
  it.each(['YES', 'yes', ' Yes!! ', 'y'])('should read "%s" as yes', (body) =>
    expect(readKeyword(body)).toEqual({ kind: 'yes' }),
  );
  it('should read start, help and the foreman answers', () => {
    expect(readKeyword('start')).toEqual({ kind: 'start' });
    expect(readKeyword('Help?')).toEqual({ kind: 'help' });
    expect(readKeyword(' 1 ')).toEqual({ kind: 'confirm', answer: 'stood-down' });
    expect(readKeyword('2.')).toEqual({ kind: 'confirm', answer: 'working' });
  });
  it('should not read a sentence that merely contains a keyword as that keyword', () => {
    expect(readKeyword("don't stop texting")).toEqual({ kind: 'other' });
  });
});

describe('consent', () => {
  it('should ask once when SMS is turned on, and turn on only after YES', () => {
    expect(stepConsent(null, { type: 'toggle-on' })).toEqual({
      next: 'pending',
      logged: 'asked',
      reply: 'ask',
    });
    expect(stepConsent('pending', { type: 'toggle-on' }).reply).toBeNull();
    expect(stepConsent('pending', { type: 'yes' })).toEqual({
      next: 'on',
      logged: 'yes',
      reply: 'subscribed',
    });
  });
  it('should stop from any state, and only START (not the contractor) brings texts back', () => {
    expect(stepConsent('on', { type: 'stop', source: 'sms-reply' }).next).toBe('stopped');
    expect(stepConsent('pending', { type: 'stop', source: 'carrier' }).logged).toBe('opted-out');
    expect(stepConsent('stopped', { type: 'toggle-on' }).next).toBe('stopped');
    expect(stepConsent('stopped', { type: 'yes' }).next).toBe('stopped');
    expect(stepConsent('stopped', { type: 'start' })).toEqual({
      next: 'on',
      logged: 'start',
      reply: 'resubscribed',
    });
  });
  it('should show SMS off without a number or with the toggle off, pending until the record exists', () => {
    expect(smsStatusOf({ phone: null, smsOptIn: true }, 'on')).toBe('off');
    expect(smsStatusOf({ phone: '+12065550100', smsOptIn: false }, 'on')).toBe('off');
    expect(smsStatusOf({ phone: '+12065550100', smsOptIn: true }, null)).toBe('pending');
    expect(smsStatusOf({ phone: '+12065550100', smsOptIn: true }, 'stopped')).toBe('stopped');
  });
});

type NoticeTextInput = Parameters<typeof composeNoticeText>[0];
const REPLY_LINE = 'Reply 1 = crew stood down, 2 = working anyway';
/** A notice for Wednesday 2 December 2026 from the company about the jobsite; the rest as given. */
const noticeText = (
  company: string,
  jobsiteName: string,
  rest: Omit<NoticeTextInput, 'company' | 'jobsiteName' | 'workDate' | 'kind'> & {
    kind?: NoticeTextInput['kind'];
  },
) => composeNoticeText({ kind: 'notice', company, jobsiteName, workDate: '2026-12-02', ...rest });
const fullDayFor = (reason: string) =>
  ({ verdict: 'full', rules: [{ reason } as never] }) as NoticeTextInput['judgement'];

describe('segments', () => {
  it('should count 160 GSM-7 characters as one segment and 161 as two', () => {
    expect(measureSms('a'.repeat(160))).toEqual({ segments: 1, encoding: 'GSM-7' });
    expect(measureSms('a'.repeat(161))).toEqual({ segments: 2, encoding: 'GSM-7' });
  });
  it('should fall back to UCS-2 (70 a segment) for a character GSM-7 lacks', () => {
    expect(measureSms(`${'a'.repeat(69)}✓`)).toEqual({ segments: 1, encoding: 'UCS-2' });
    expect(measureSms(`${'a'.repeat(70)}✓`)).toEqual({ segments: 2, encoding: 'UCS-2' });
  });
  it('should keep a notice GSM-7 and within two segments even with curly quotes and a long reason', () => {
    const text = noticeText('O’Brien “Steel” & Sons — Erectors', 'Harbor Point Tower, Level 14 east core', {
      judgement: fullDayFor('Gusts 41 mph from 7 AM to 3 PM '.repeat(8)),
      detailsUrl: 'https://app.example.com/notices/0f3c2a9e-1b7d-4c55-9a61-2d7e5b8c9f10',
    });
    expect(text.encoding).toBe('GSM-7');
    expect(text.segments).toBeLessThanOrEqual(2);
    expect(text.body).toContain("O'Brien");
    expect(text.body).toContain('Wed, Dec 2');
    expect(text.body).toContain('full-day delay');
    expect(text.body).toContain('https://app.example.com/notices/0f3c2a9e-1b7d-4c55-9a61-2d7e5b8c9f10');
  });
  it('should always keep the short details link within two segments, shortening the reason and names instead', () => {
    const link = 'https://app.raincheck-weather.example.com/n/Ab3_x-9Z';
    const text = noticeText(
      'Summit Builders & Heavy Civil Contractors of the Greater Puget Sound',
      'Pier Nine East Terminal Redevelopment, Phase 2, North Wharf Crane Pad',
      {
        judgement: fullDayFor('Gusts 41 mph from 7 AM to 3 PM, crane limit 30 mph '.repeat(4)),
        detailsUrl: link,
        replyLine: REPLY_LINE,
      },
    );
    expect(text.segments).toBeLessThanOrEqual(2);
    expect(text.body).toContain(link);
    expect(text.body).toContain('Summit Builders');
    expect(text.body).toContain('Pier Nine');
    expect(text.body).toContain('full-day delay');
    expect(text.body).toContain(REPLY_LINE);
  });

  it('should keep the link in two segments when the names are in a script GSM-7 lacks', () => {
    const link = 'https://app.raincheck-weather.example.com/n/Zx81-_qP';
    const text = noticeText(
      '東京建設株式会社 北米支社 シアトル営業所 土木部門',
      'ピア・ナイン東ターミナル再開発 第二期工事 北埠頭クレーン基礎',
      {
        kind: 'update',
        judgement: { verdict: 'partial', rules: [{ reason: '突風 41 mph 午前7時から午後3時まで' } as never] },
        detailsUrl: link,
        replyLine: REPLY_LINE,
      },
    );
    expect(text.segments).toBeLessThanOrEqual(2);
    expect(text.body).toContain(link);
    expect(text.body).toContain('Delay update');
    expect(text.body).toContain(REPLY_LINE);
    expect(text.body).toContain('Reply STOP to opt out.');
  });
});

describe('a text a member’s rule change brought (issue 22 §4)', () => {
  const link = 'https://app.raincheck.example/n/Ab3_x-9Z';
  const update = { kind: 'update' as const, judgement: fullDayFor('Gusts 41 mph'), detailsUrl: link };

  it('should name the member when the sentence fits, and be the same text without one', () => {
    const named = noticeText('Acme Builders', 'Harbor Point', { ...update, changedBy: 'Dana Ortiz' });
    const plain = noticeText('Acme Builders', 'Harbor Point', update);
    expect(named.body).toBe(
      plain.body.replace(`${link}`, `Updated after Dana Ortiz changed this jobsite's weather rules. ${link}`),
    );
    expect(named.segments).toBeLessThanOrEqual(2);
  });

  it('should drop the sentence first, keeping the reason, when the text would pass two segments', () => {
    const reason = 'Gusts 41 mph from 7 AM to 3 PM at the crane pad';
    const long = {
      ...update,
      judgement: fullDayFor(reason),
      replyLine: REPLY_LINE,
      changedBy: 'Dana Ortiz-Villanueva de la Fuente',
    };
    const company = 'Summit Builders & Heavy Civil Contractors of Puget Sound';
    const site = 'Pier Nine East Terminal Redevelopment, Phase 2';
    const text = noticeText(company, site, long);
    const plain = noticeText(company, site, { ...long, changedBy: undefined });
    const sentence = "Updated after Dana Ortiz-Villanueva de la Fuente changed this jobsite's weather rules.";
    // With the sentence the text would need a third segment (two GSM-7 segments hold 306 characters).
    expect(measureSms(`${plain.body} ${sentence}`).segments).toBe(3);
    expect(text.body).toBe(plain.body);
    expect(text.body).toContain(reason);
    expect(text.segments).toBe(2);
  });
});

describe('phone numbers', () => {
  it('should store any common US format as E.164 and refuse what is not a number', () => {
    expect(toE164('(206) 555-0100')).toBe('+12065550100');
    expect(toE164('206.555.0100')).toBe('+12065550100');
    expect(toE164('+1 206 555 0100')).toBe('+12065550100');
    expect(toE164('12345')).toBeNull();
    expect(toE164('555 010 4040')).toBeNull();
  });
});
