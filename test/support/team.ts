import { latestEmailTo } from './cognito';
import { callApi, type TestAccount } from './accounts';
import type { TestStackInfo } from './stack-process';

/** The `/join/{token}` token of the latest invite email to `email` in the local mailbox. */
export async function inviteTokenFor(stack: TestStackInfo, email: string): Promise<string> {
  const mail = await latestEmailTo(stack, email, /invited to join/i);
  const match = /\/join\/([A-Za-z0-9_~-]+)/.exec(mail.body.text ?? '');
  if (!match) throw new Error(`No join link in the invite to ${email}`);
  return match[1]!;
}

/** The owner invites `member` with `role`, and the member accepts from the emailed link. */
export async function joinTeam(
  stack: TestStackInfo,
  owner: TestAccount,
  member: TestAccount,
  role: 'manager' | 'viewer',
): Promise<void> {
  const invite = await callApi(stack, '/api/account/invites', {
    token: owner.token,
    body: { email: member.email, role },
  });
  if (invite.status !== 201) throw new Error(`Invite failed: ${invite.text}`);
  const token = await inviteTokenFor(stack, member.email);
  const accepted = await callApi(stack, `/api/invites/${token}/accept`, {
    method: 'POST',
    token: member.token,
  });
  if (accepted.status !== 200) throw new Error(`Accept failed: ${accepted.text}`);
}
