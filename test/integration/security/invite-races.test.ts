import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type TestAccount } from '../../support/accounts';
import { atOnce } from '../../support/at-once';
import { inviteTokenFor } from '../../support/team';
import { TEAM_MESSAGES } from '../../../shared/team';

/**
 * Joining a team from the emailed link, raced: a double click (or a retried request) on "Join" is
 * one join, and every click answers the join's success; an invite accepted while the owner revokes it
 * ends either joined (the revoke finds nothing: 404) or revoked (the link is no longer valid: 404),
 * never both, with the seats matching the people.
 */
const stack = testStack();
const api = apiFor(stack);

let owner: TestAccount;

beforeAll(async () => {
  owner = await newAccount(stack, 'invite-race-owner');
  await subscribe(stack, owner, 'enterprise');
}, 90_000);

async function invited(prefix: string) {
  const member = await newAccount(stack, prefix);
  const invite = await api('/api/account/invites', {
    token: owner.token,
    body: { email: member.email, role: 'viewer' },
  });
  expect(invite.status).toBe(201);
  return { member, inviteId: invite.body.id as string, token: await inviteTokenFor(stack, member.email) };
}

const accept = (member: TestAccount, token: string) =>
  api(`/api/invites/${token}/accept`, { method: 'POST', token: member.token });

async function team() {
  const read = await api('/api/account/members', { token: owner.token });
  return read.body as {
    members: { userId: string; role: string }[];
    invites: { id: string }[];
    seats: { used: number };
  };
}

describe('joining a team at once', () => {
  it('should answer every click of a double click with the join, and join once', async () => {
    const { member, token } = await invited('invite-double');

    const answers = await atOnce(4, () => accept(member, token));

    expect(answers.map((a) => [a.status, a.body])).toEqual(
      answers.map(() => [200, { accountId: owner.userId, role: 'viewer' }]),
    );
    const audit = await api('/api/account/audit', { token: owner.token });
    const joins = audit.body.entries.filter(
      (e: { action: string; actor: string }) => e.action === 'joined' && e.actor === member.email,
    );
    expect(joins).toHaveLength(1);
    // A later click of the same link by the same person still reads as their join, and joins nobody.
    expect((await accept(member, token)).status).toBe(200);
    const after = await team();
    expect(after.members.filter((m) => m.userId === member.userId)).toHaveLength(1);
    expect(after.seats.used).toBe(after.members.length + after.invites.length);
  });

  it('should still refuse the link to anyone but the invited address after the join', async () => {
    const { member, token } = await invited('invite-after');
    const stranger = await newAccount(stack, 'invite-stranger');
    expect((await accept(member, token)).status).toBe(200);

    const other = await accept(stranger, token);

    expect(other.status).toBe(404);
    expect((await api('/api/me', { token: stranger.token })).body.account.id).toBe(stranger.userId);
  });

  it('should end joined or revoked, never both, when the invite is accepted while it is revoked', async () => {
    for (let round = 0; round < 3; round++) {
      const { member, inviteId, token } = await invited(`invite-revoke-${round}`);

      const [joined, revoked] = await Promise.all([
        accept(member, token),
        api(`/api/account/invites/${inviteId}`, { method: 'DELETE', token: owner.token }),
      ]);

      const after = await team();
      const isMember = after.members.some((m) => m.userId === member.userId);
      expect(after.invites.some((i) => i.id === inviteId)).toBe(false);
      expect(after.seats.used).toBe(after.members.length + after.invites.length);
      if (isMember) {
        expect([joined.status, revoked.status, revoked.body?.error]).toEqual([
          200,
          404,
          TEAM_MESSAGES.inviteNotFound,
        ]);
      } else {
        expect([joined.status, joined.body?.error, revoked.status]).toEqual([
          404,
          TEAM_MESSAGES.inviteInvalid,
          204,
        ]);
        expect((await api('/api/me', { token: member.token })).body.account.id).toBe(member.userId);
      }
    }
  }, 90_000);
});
