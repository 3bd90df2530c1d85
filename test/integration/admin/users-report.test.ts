import { callApi } from '../../support/accounts';
import { registerUser, signIn, uniqueEmail } from '../../support/cognito';
import { testStack } from '../stack';

/** The admin users report reads the user pool: every confirmed sign-up, with Cognito's creation date. */
const stack = testStack();

describe('the users report', () => {
  it('should list a user who signed up and never saved a profile, created at the sign-up', async () => {
    const admin = (await signIn(stack, 'admin@raincheck.local', 'Admin-Passw0rd!')).IdToken;
    const email = uniqueEmail('report-signup');
    const before = Date.now();
    await registerUser(stack, email, 'Report-Passw0rd1');
    const after = Date.now();

    const report = await callApi(stack, '/api/admin/reports/users.csv', { token: admin });
    expect(report.status).toBe(200);
    const header = report.text.split('\r\n')[0]!.split(',');
    const row = report.text.split('\r\n').find((line) => line.includes(email));
    expect(row).toBeDefined();
    const createdAt = row!.split(',')[header.indexOf('created at')]!;
    // Cognito keeps creation dates to the second.
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(after);
    expect(row).toContain(',none,');
  });
});
