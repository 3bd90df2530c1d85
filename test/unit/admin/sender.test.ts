import { senderFrom } from '../../../shared/admin';
import { settingsSender, SENDER_CACHE_MS } from '../../../lambdas/core/admin/admin-settings';
import type { AdminSettingsStore, StoredAdminSettings } from '../../../lambdas/core/admin/people.ports';

const MAIL_FROM = 'Raincheck <alerts@raincheck.example>';

describe('the sender of every email', () => {
  it('should put the admins display name over the deployment address when settings are saved', () => {
    expect(senderFrom('Site Alerts', MAIL_FROM)).toBe('"Site Alerts" <alerts@raincheck.example>');
    expect(senderFrom('Ops', 'alerts@raincheck.example')).toBe('"Ops" <alerts@raincheck.example>');
  });

  it('should keep a display name with quotes or backslashes one name when a brand has them', () => {
    expect(senderFrom('Bob "The Builder" Co', MAIL_FROM)).toBe(
      '"Bob \\"The Builder\\" Co" <alerts@raincheck.example>',
    );
    expect(senderFrom('A\\B', MAIL_FROM)).toBe('"A\\\\B" <alerts@raincheck.example>');
  });

  it('should encode a display name outside ASCII as RFC 2047 when it has accents', () => {
    const from = senderFrom('Météo', MAIL_FROM);
    expect(from).toBe(`=?UTF-8?B?${Buffer.from('Météo').toString('base64')}?= <alerts@raincheck.example>`);
  });

  it('should read the settings at most once a minute and use MAIL_FROM until any are saved', async () => {
    let stored: StoredAdminSettings | null = null;
    let reads = 0;
    const store: AdminSettingsStore = {
      get: async () => (reads++, stored),
      put: async () => {},
    };
    let now = 0;
    const sender = settingsSender(store, MAIL_FROM, { now: () => new Date(now) });
    expect(await sender()).toEqual({ from: MAIL_FROM, replyTo: [] });

    stored = {
      senderName: 'Yard Office',
      replyTo: 'office@example.com',
      defaultNoticeTimes: [],
      updatedBy: 'a@example.com',
      updatedAt: '2026-11-23T00:00:00Z',
    };
    now += SENDER_CACHE_MS - 1;
    expect((await sender()).from).toBe(MAIL_FROM);
    now += 2;
    expect(await sender()).toEqual({
      from: '"Yard Office" <alerts@raincheck.example>',
      replyTo: ['office@example.com'],
    });
    expect(reads).toBe(2);
  });
});
