import { testStack } from '../stack';
import { callApi, newAccount, type TestAccount } from '../../support/accounts';
import { cognitoCall, signIn } from '../../support/cognito';
import { MESSAGES } from '../../../shared/messages';
import { ADMIN_MESSAGES, ADMIN_PERMISSIONS } from '../../../shared/admin';

/**
 * The admin identity, users, admins and settings against the embedded stack (cognito-local behind
 * the local proxy, DynamoDB Local). Other files share the stack: users are found by their own
 * unique email prefix, and every admin change is undone.
 */
const stack = testStack();
const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };

let admin: string;
let adminId: string;
let contractor: TestAccount;
let target: TestAccount;

beforeAll(async () => {
  admin = (await signIn(stack, ADMIN.email, ADMIN.password)).IdToken;
  adminId = (await callApi(stack, '/api/me', { token: admin })).body.profile.userId;
  [contractor, target] = await Promise.all([
    newAccount(stack, 'people-contractor'),
    newAccount(stack, 'people-target'),
  ]);
});

// Every row has three cells: jest treats a callback with more parameters than cells as `done`-style.
const NEW_ROUTES: [string, string, unknown][] = [
  ['GET', '/api/admin/me', undefined],
  ['GET', '/api/admin/users', undefined],
  ['POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/disable', undefined],
  ['POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/enable', undefined],
  ['POST', '/api/admin/admins', { email: 'someone@example.com' }],
  ['DELETE', '/api/admin/admins/00000000-0000-4000-8000-000000000000', undefined],
  ['GET', '/api/admin/settings', undefined],
  ['PUT', '/api/admin/settings', { senderName: 'X', replyTo: '', defaultNoticeTimes: [] }],
];

async function findUser(email: string) {
  const res = await callApi(stack, `/api/admin/users?q=${encodeURIComponent(email)}`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body.items as any[]).find((u) => u.email === email);
}

describe('admin routes for a contractor', () => {
  it.each(NEW_ROUTES)(
    'should answer 403 to %s %s when the caller is not an admin',
    async (method, path, body) => {
      const res = await callApi(stack, path, { method, token: contractor.token, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(MESSAGES.permissionDenied);
    },
  );
});

describe('GET /api/admin/me', () => {
  it('should answer the spec admin user with every permission when the caller is in the admins group', async () => {
    const res = await callApi(stack, '/api/admin/me', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: adminId, email: ADMIN.email, role: 'super_admin' });
    expect(res.body.permissions).toEqual([...ADMIN_PERMISSIONS]);
    expect(typeof res.body.firstName).toBe('string');
    expect(typeof res.body.lastName).toBe('string');
  });
});

describe('the users list', () => {
  it('should find a user by email prefix with plan none, status and last sign-in', async () => {
    const row = await findUser(target.email);
    expect(row).toMatchObject({
      id: target.userId,
      enabled: true,
      plan: 'none',
      subscriptionStatus: 'incomplete',
      isAdmin: false,
    });
    expect(row.createdAt).toEqual(expect.any(String));
    // newAccount called /api/me once signed in: that session's sign-in time is recorded.
    expect(Date.parse(row.lastSignInAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
  });

  it('should list only users whose email starts with the search', async () => {
    const res = await callApi(stack, `/api/admin/users?q=people-target-`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const u of res.body.items) expect(u.email.startsWith('people-target-')).toBe(true);
  });

  it('should answer 400 naming the field when the search has a quote', async () => {
    const res = await callApi(stack, `/api/admin/users?q=${encodeURIComponent('a"b')}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('q');
  });
});

describe('disabling and enabling a user', () => {
  it('should refuse the disabled user sign-in with Cognito message and let them in again once enabled', async () => {
    const off = await callApi(stack, `/api/admin/users/${target.userId}/disable`, {
      method: 'POST',
      token: admin,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: target.userId, enabled: false });
    expect((await findUser(target.email)).enabled).toBe(false);

    const refused = await cognitoCall<{ __type: string; message: string }>(stack, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.runtimeConfig.userPoolClientId,
      AuthParameters: { USERNAME: target.email, PASSWORD: target.password },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ __type: 'NotAuthorizedException', message: ADMIN_MESSAGES.userDisabled });

    const on = await callApi(stack, `/api/admin/users/${target.userId}/enable`, {
      method: 'POST',
      token: admin,
    });
    expect(on.status).toBe(200);
    expect((await signIn(stack, target.email, target.password)).IdToken).toEqual(expect.any(String));
  });

  it('should stop a disabled user token refresh', async () => {
    const tokens = await signIn(stack, target.email, target.password);
    await callApi(stack, `/api/admin/users/${target.userId}/disable`, { method: 'POST', token: admin });
    try {
      const refresh = await cognitoCall(stack, 'GetTokensFromRefreshToken', {
        ClientId: stack.runtimeConfig.userPoolClientId,
        RefreshToken: tokens.RefreshToken,
      });
      expect(refresh.body).toEqual({
        __type: 'NotAuthorizedException',
        message: ADMIN_MESSAGES.userDisabled,
      });
    } finally {
      await callApi(stack, `/api/admin/users/${target.userId}/enable`, { method: 'POST', token: admin });
    }
  });

  it('should answer 409 when an admin disables their own account', async () => {
    const res = await callApi(stack, `/api/admin/users/${adminId}/disable`, { method: 'POST', token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ADMIN_MESSAGES.cannotDisableSelf);
  });

  it('should answer 404 when the user does not exist', async () => {
    const res = await callApi(stack, '/api/admin/users/00000000-0000-4000-8000-000000000000/disable', {
      method: 'POST',
      token: admin,
    });
    expect(res.status).toBe(404);
  });
});

describe('managing admins', () => {
  it('should add a user to the admins and remove them again', async () => {
    const added = await callApi(stack, '/api/admin/admins', { token: admin, body: { email: target.email } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: target.userId, isAdmin: true });
    expect((await findUser(target.email)).isAdmin).toBe(true);
    // Group membership rides in the next token.
    const promoted = (await signIn(stack, target.email, target.password)).IdToken;
    expect((await callApi(stack, '/api/admin/me', { token: promoted })).status).toBe(200);

    const again = await callApi(stack, '/api/admin/admins', { token: admin, body: { email: target.email } });
    expect(again.status).toBe(409);

    const removed = await callApi(stack, `/api/admin/admins/${target.userId}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect((await findUser(target.email)).isAdmin).toBe(false);
    const demoted = (await signIn(stack, target.email, target.password)).IdToken;
    expect((await callApi(stack, '/api/admin/me', { token: demoted })).status).toBe(403);
  });

  it('should answer 409 when an admin removes themselves', async () => {
    const res = await callApi(stack, `/api/admin/admins/${adminId}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ADMIN_MESSAGES.cannotRemoveSelf);
  });

  it('should answer 404 when no user has the email and 400 when it is not an email', async () => {
    const missing = await callApi(stack, '/api/admin/admins', {
      token: admin,
      body: { email: 'nobody-here@example.com' },
    });
    expect(missing.status).toBe(404);
    const bad = await callApi(stack, '/api/admin/admins', { token: admin, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
  });
});

describe('admin settings', () => {
  it('should store the settings with who changed them and hand any account the default notice times', async () => {
    const before = await callApi(stack, '/api/admin/settings', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body.fromAddress).toBe(stack.lambdaConfig.MAIL_FROM);

    // Other files share this stack and create jobsites at the same time: the notice times stay as they
    // are here (the e2e, which runs alone, checks that changed ones reach new jobsites).
    const body = {
      senderName: 'Raincheck Ops',
      replyTo: 'ops@example.com',
      defaultNoticeTimes: before.body.defaultNoticeTimes,
    };
    try {
      const put = await callApi(stack, '/api/admin/settings', { method: 'PUT', token: admin, body });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ ...body, updatedBy: ADMIN.email });
      expect(Date.parse(put.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
      const read = await callApi(stack, '/api/admin/settings', { token: admin });
      expect(read.body).toMatchObject(body);

      const defaults = await callApi(stack, '/api/settings/notice-defaults', { token: contractor.token });
      expect(defaults.status).toBe(200);
      expect(defaults.body.noticeTimes).toEqual(body.defaultNoticeTimes);
    } finally {
      const restore = {
        senderName: before.body.senderName,
        replyTo: before.body.replyTo,
        defaultNoticeTimes: before.body.defaultNoticeTimes,
      };
      await callApi(stack, '/api/admin/settings', { method: 'PUT', token: admin, body: restore });
    }
  });

  it.each([
    [{ senderName: '', replyTo: '', defaultNoticeTimes: [{ time: '18:00', forDay: 'next' }] }, 'senderName'],
    [
      { senderName: 'Ops', replyTo: 'nope', defaultNoticeTimes: [{ time: '18:00', forDay: 'next' }] },
      'replyTo',
    ],
    [{ senderName: 'Ops', replyTo: '', defaultNoticeTimes: [] }, 'defaultNoticeTimes'],
    [
      { senderName: 'Ops', replyTo: '', defaultNoticeTimes: [{ time: '18:10', forDay: 'next' }] },
      'defaultNoticeTimes.0.time',
    ],
  ])('should answer 400 naming the field when the body is %j', async (body, field) => {
    const res = await callApi(stack, '/api/admin/settings', { method: 'PUT', token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });
});
