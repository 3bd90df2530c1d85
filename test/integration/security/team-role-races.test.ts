import { testStack } from '../stack';
import { apiFor, newAccount, subscribe, type ApiResult, type TestAccount } from '../../support/accounts';
import { atOnce } from '../../support/at-once';
import { joinTeam } from '../../support/team';
import { TEAM_MESSAGES } from '../../../shared/team';

/**
 * Role changes, removals and ownership hand-overs of one team racing each other (a double click, two
 * tabs, a stale session): afterwards the team is in a state some order of single requests allows,
 * with exactly one owner, no removed member keeping a role and the seats matching the people. A
 * request that lost the race answers 409 "The team changed while you were saving…"; one that came
 * after the caller stopped being the owner is refused for its role (403), and one about a member a
 * removal took answers 404, exactly as they would one at a time.
 */
const stack = testStack();
const api = apiFor(stack);

interface Team {
  founder: TestAccount;
  members: TestAccount[];
}

async function teamOf(prefix: string, size: number): Promise<Team> {
  const founder = await newAccount(stack, `${prefix}-owner`);
  await subscribe(stack, founder, 'premium');
  const members = await Promise.all(
    Array.from({ length: size }, (_, i) => newAccount(stack, `${prefix}-m${i}`)),
  );
  for (const m of members) await joinTeam(stack, founder, m, 'manager');
  return { founder, members };
}

const setRole = (caller: TestAccount, member: TestAccount, role: string) =>
  api(`/api/account/members/${member.userId}`, { method: 'PUT', token: caller.token, body: { role } });
const remove = (caller: TestAccount, member: TestAccount) =>
  api(`/api/account/members/${member.userId}`, { method: 'DELETE', token: caller.token });

/** The answers a racing request may get: it ran, it lost the race, or it came after a change made it moot. */
function unexpected(answers: ApiResult[]): string[] {
  const allowed = [
    TEAM_MESSAGES.teamChanged,
    TEAM_MESSAGES.ownerOnly,
    TEAM_MESSAGES.roleCannotWrite('manager'),
    TEAM_MESSAGES.roleCannotWrite('viewer'),
    TEAM_MESSAGES.memberNotFound,
  ];
  const expectedStatus: Record<string, number> = {
    [TEAM_MESSAGES.teamChanged]: 409,
    [TEAM_MESSAGES.memberNotFound]: 404,
  };
  return answers
    .filter((a) => a.status >= 300)
    .filter((a) => !allowed.includes(a.body?.error) || a.status !== (expectedStatus[a.body.error] ?? 403))
    .map((a) => `${a.status} ${a.text}`);
}

/** The team as its people read it, checked against what single requests can leave behind. */
async function assertConsistent(team: Team, removed: TestAccount[] = []) {
  const read = await api('/api/account/members', { token: team.founder.token });
  expect(read.status).toBe(200);
  const people: { userId: string; role: string }[] = read.body.members;
  expect(people.filter((p) => p.role === 'owner')).toHaveLength(1);
  const ids = people.map((p) => p.userId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const gone of removed.filter((r) => !ids.includes(r.userId))) {
    // A removed member has no role left anywhere: they act in their own account again.
    const me = await api('/api/me', { token: gone.token });
    expect(me.body.account).toEqual(expect.objectContaining({ id: gone.userId, role: 'owner' }));
  }
  for (const person of people.filter((p) => p.userId !== team.founder.userId)) {
    const member = team.members.find((m) => m.userId === person.userId)!;
    const me = await api('/api/me', { token: member.token });
    expect(me.body.account).toEqual(expect.objectContaining({ id: team.founder.userId, role: person.role }));
  }
  // Seats: the founder, every other person with a record, and nobody else (no invites are pending).
  expect(read.body.seats.used).toBe(people.length);
  return people;
}

/** The current owner's account among the team's people. */
const ownerOf = (team: Team, people: { userId: string; role: string }[]) => {
  const id = people.find((p) => p.role === 'owner')!.userId;
  return id === team.founder.userId ? team.founder : team.members.find((m) => m.userId === id)!;
};

describe('team changes racing each other', () => {
  it('should leave exactly one owner when hand-overs to two members go at once', async () => {
    const team = await teamOf('race-handover', 2);
    const [a, b] = team.members as [TestAccount, TestAccount];

    const answers = await atOnce(12, (i) => setRole(team.founder, i % 2 ? a : b, 'owner'));

    expect(unexpected(answers)).toEqual([]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    await assertConsistent(team);
  }, 90_000);

  it('should leave exactly one owner when a member is handed ownership while demoted and promoted', async () => {
    const team = await teamOf('race-demote', 2);
    const [a, b] = team.members as [TestAccount, TestAccount];
    const roles = ['owner', 'viewer', 'manager', 'viewer'];

    const answers = await atOnce(16, (i) => setRole(team.founder, i % 3 ? a : b, roles[i % roles.length]!));

    expect(unexpected(answers)).toEqual([]);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    await assertConsistent(team);
  }, 90_000);

  it('should never keep a removed member with a role while their role changes or ownership comes to them', async () => {
    const team = await teamOf('race-remove', 2);
    const [a, b] = team.members as [TestAccount, TestAccount];

    const answers = await atOnce(16, (i) =>
      i % 4 === 0
        ? remove(team.founder, a)
        : i % 4 === 1
          ? setRole(team.founder, a, 'owner')
          : i % 4 === 2
            ? setRole(team.founder, a, 'viewer')
            : setRole(team.founder, b, i % 8 === 3 ? 'owner' : 'viewer'),
    );

    expect(unexpected(answers)).toEqual([]);
    await assertConsistent(team, [a]);
  }, 90_000);

  it('should let only the owner of the moment act when the new owner hands ownership back at once', async () => {
    const team = await teamOf('race-back', 2);
    const [a, b] = team.members as [TestAccount, TestAccount];
    expect((await setRole(team.founder, a, 'owner')).status).toBe(200);

    // The old owner's session still races the new owner's own changes.
    const answers = await atOnce(12, (i) =>
      i % 3 === 0
        ? setRole(a, b, 'owner')
        : i % 3 === 1
          ? setRole(team.founder, b, 'owner')
          : setRole(a, team.founder as TestAccount, 'owner'),
    );

    expect(unexpected(answers)).toEqual([]);
    const people = await assertConsistent(team);
    // Whoever owns the team now can still run it.
    const owner = ownerOf(team, people);
    const other = [team.founder, a, b].find((p) => p !== owner && people.some((x) => x.userId === p.userId))!;
    expect((await setRole(owner, other, 'viewer')).status).toBe(200);
  }, 90_000);
});
