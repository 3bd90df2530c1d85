import { testStack } from '../stack';
import { apiFor, newAccount, type ApiResult, type TestAccount } from '../../support/accounts';
import { atOnce } from '../../support/at-once';
import { ACCOUNT_MESSAGES } from '../../../shared/messages';

/**
 * Saves of the account's profile at once (the profile form and the quiet hours, two tabs, a double
 * click): each save changes only its own fields on the profile as it is when it lands, so saves of
 * different fields both land. Of saves of one field the last to land wins, as one after the other
 * would. A save answers 200, or 409 "Your profile changed while you were saving…" only when it lost
 * every retry to the others (then it changed nothing).
 */
const stack = testStack();
const api = apiFor(stack);

const saveProfile = (account: TestAccount, company: string) =>
  api.put(account, '/api/me/profile', { name: `Name of ${company}`, company, units: 'metric' });
const saveQuietHours = (account: TestAccount, start: string) =>
  api.put(account, '/api/me/quiet-hours', { enabled: true, start, end: '06:00' });

const unexpected = (answers: ApiResult[]) =>
  answers
    .filter(
      (a) => a.status !== 200 && !(a.status === 409 && a.body?.error === ACCOUNT_MESSAGES.profileChanged),
    )
    .map((a) => `${a.status} ${a.text}`);

/** The values sent by the saves that answered 200. */
const landed = (answers: ApiResult[], sent: string[], which: (i: number) => boolean) =>
  sent.filter((_, i) => which(i) && answers[i]!.status === 200);

describe('profile saves at once', () => {
  it('should keep both the profile form and the quiet hours when they are saved at the same time', async () => {
    for (let round = 0; round < 4; round++) {
      const account = await newAccount(stack, `profile-race-${round}`);
      const isProfile = (i: number) => i % 2 === 1;
      const sent = Array.from({ length: 8 }, (_, i) =>
        isProfile(i) ? `Company ${round}-${i}` : `${19 + (i >> 1)}:00`,
      );

      const answers = await atOnce(sent.length, (i) =>
        isProfile(i) ? saveProfile(account, sent[i]!) : saveQuietHours(account, sent[i]!),
      );

      expect(unexpected(answers)).toEqual([]);
      const { profile } = (await api('/api/me', { token: account.token })).body;
      expect(landed(answers, sent, isProfile)).toContain(profile.company);
      expect(profile).toEqual(
        expect.objectContaining({ name: `Name of ${profile.company}`, units: 'metric' }),
      );
      expect(profile.quietHours).toEqual({ enabled: true, start: expect.any(String), end: '06:00' });
      expect(landed(answers, sent, (i) => !isProfile(i))).toContain(profile.quietHours.start);
    }
  }, 120_000);

  it('should end with one of the values that landed when the same field is saved at once', async () => {
    const account = await newAccount(stack, 'profile-same-field');
    const companies = Array.from({ length: 6 }, (_, i) => `Same field ${i}`);

    const answers = await atOnce(companies.length, (i) => saveProfile(account, companies[i]!));

    expect(unexpected(answers)).toEqual([]);
    const { profile } = (await api('/api/me', { token: account.token })).body;
    expect(landed(answers, companies, () => true)).toContain(profile.company);
    expect(profile.name).toBe(`Name of ${profile.company}`);
  }, 60_000);
});
