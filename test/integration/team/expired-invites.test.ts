import { testStack } from '../stack';
import { callApi, newAccount, subscribe } from '../../support/accounts';
import { inviteTokenFor } from '../../support/team';
import { TEAM_MESSAGES } from '../../../shared/team';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { createAppRoot } from '../../../lambdas/composition/app.root';

/**
 * Issue 22: an invite lives 7 days, and a pending invite past them must not keep its seat. The invite
 * is aged in the table (its `validUntil` moved into the past, as 7 days would), then the real routes
 * must free the seat exactly once, even when 20 invites race for it.
 */
const stack = testStack();
const api = (pathname: string, init: Parameters<typeof callApi>[2] = {}) => callApi(stack, pathname, init);
const root = createAppRoot(stack.lambdaConfig);

/** Moves the account's pending invite to `email` past its 7 days. */
async function ageInvite(accountId: string, email: string) {
  const invites = await root.team.store.invites(tenantFromStore(accountId));
  const invite = invites.find((i) => i.email === email)!;
  const renewed = await root.team.store.renewInvite({ ...invite, validUntil: '2020-01-01T00:00:00.000Z' });
  expect(renewed).toBe(true);
}

describe('expired invites', () => {
  it('should free the seat of an invite past its 7 days: the team shows it gone and one new invite of 20 in parallel takes the seat', async () => {
    const owner = await newAccount(stack, 'expiry-owner');
    await subscribe(stack, owner, 'basic');
    const lateEmail = `expiry-late-${Date.now()}@example.com`;
    expect(
      (await api('/api/account/invites', { token: owner.token, body: { email: lateEmail, role: 'viewer' } }))
        .status,
    ).toBe(201);
    const full = await api('/api/account/invites', {
      token: owner.token,
      body: { email: `expiry-full-${Date.now()}@example.com`, role: 'viewer' },
    });
    expect([full.status, full.body.error]).toEqual([403, TEAM_MESSAGES.seatsFull('Basic', 2)]);
    const lateToken = await inviteTokenFor(stack, lateEmail);

    await ageInvite(owner.userId, lateEmail);

    const team = await api('/api/account/members', { token: owner.token });
    expect(team.body.invites).toEqual([]);
    expect(team.body.seats).toEqual({ limit: 2, used: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('/api/account/invites', {
          token: owner.token,
          body: { email: `expiry-race-${i}-${Date.now()}@example.com`, role: 'viewer' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(19);
    const after = await api('/api/account/members', { token: owner.token });
    expect(after.body.invites).toHaveLength(1);
    expect(after.body.seats).toEqual({ limit: 2, used: 2 });

    // The expired link joins nobody.
    const late = await newAccount(stack, 'expiry-late-joiner');
    const accepted = await api(`/api/invites/${lateToken}/accept`, { method: 'POST', token: late.token });
    expect(accepted.status).toBe(404);
  });

  it('should free the seat of an expired invite when several owners read the team at once, only once', async () => {
    const owner = await newAccount(stack, 'expiry-reads');
    await subscribe(stack, owner, 'basic');
    const email = `expiry-reads-${Date.now()}@example.com`;
    await api('/api/account/invites', { token: owner.token, body: { email, role: 'viewer' } });
    await ageInvite(owner.userId, email);

    const reads = await Promise.all(
      Array.from({ length: 20 }, () => api('/api/account/members', { token: owner.token })),
    );

    expect(reads.every((r) => r.status === 200)).toBe(true);
    const seats = await root.team.store.seatsTaken(tenantFromStore(owner.userId));
    expect(seats).toBe(0);
  });
});
