import { testStack } from '../stack';
import {
  codeFrom,
  cognitoCall,
  latestEmailTo,
  registerUser,
  signIn,
  uniqueEmail,
} from '../../support/cognito';
import { decodeJwt } from './proxy-client';

const stack = testStack();
const ClientId = stack.runtimeConfig.userPoolClientId;
const STRONG = 'Str0ng-Passw0rd';

type CognitoErrorBody = { __type?: string; message?: string };
type Attribute = { Name: string; Value: string };

/** A sign-up through the proxy, as the SPA sends it, with these attributes. */
const signUpWith = (username: string, attributes: Attribute[], password = STRONG) =>
  cognitoCall<CognitoErrorBody>(stack, 'SignUp', {
    ClientId,
    Username: username,
    Password: password,
    UserAttributes: attributes,
  });

/** Confirms a sign-up with the code mailed to `mailbox`, under `confirmAs` (normally the same address). */
async function confirmWithMailedCode(mailbox: string, confirmAs = mailbox) {
  const code = codeFrom(await latestEmailTo(stack, mailbox, /verification code/i));
  return cognitoCall(stack, 'ConfirmSignUp', { ClientId, Username: confirmAs, ConfirmationCode: code });
}

describe('signing up through the local Cognito proxy', () => {
  it("should refuse a sign-up that sets another user's sub, so no token ever carries it", async () => {
    const victim = await signIn(stack, 'demo@raincheck.local', 'Demo-Passw0rd!');
    const victimSub = decodeJwt(victim.IdToken).sub as string;
    const email = uniqueEmail('takeover');

    const signUp = await signUpWith(email, [
      { Name: 'email', Value: email },
      { Name: 'sub', Value: victimSub },
    ]);

    // The attack as reported: confirm, sign in, and the token speaks for the victim.
    if (signUp.status === 200) {
      await confirmWithMailedCode(email);
      const tokens = await signIn(stack, email, STRONG);
      expect(decodeJwt(tokens.IdToken).sub).not.toBe(victimSub);
    }
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('NotAuthorizedException');
    expect(signUp.body.message).toEqual(expect.any(String));
  });

  it("should refuse two email attributes, so a stranger's address is never verified for an attacker", async () => {
    const attacker = uniqueEmail('attacker');
    const stranger = uniqueEmail('stranger');

    const signUp = await signUpWith(attacker, [
      { Name: 'email', Value: attacker },
      { Name: 'email', Value: stranger },
    ]);

    // The attack as reported: confirm under the stranger's address; the post-confirm step verified it.
    if (signUp.status === 200) {
      await confirmWithMailedCode(attacker, stranger);
      // (cognito-local may now know the account by the stranger's address only.)
      const tokens = await signIn(stack, attacker, STRONG).catch(() => signIn(stack, stranger, STRONG));
      const claims = decodeJwt(tokens.IdToken);
      expect({ email: claims.email, verified: claims.email_verified }).not.toEqual({
        email: stranger,
        verified: true,
      });
    }
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('InvalidParameterException');
  });

  it.each([
    ['email_verified', [{ Name: 'email_verified', Value: 'true' }]],
    ['a custom attribute', [{ Name: 'custom:role', Value: 'admin' }]],
    ['a standard attribute other than email', [{ Name: 'name', Value: 'Mallory' }]],
    ['cognito:groups', [{ Name: 'cognito:groups', Value: 'admins' }]],
  ])('should refuse a sign-up that also sets %s', async (_what, extra) => {
    const email = uniqueEmail('extra');
    const signUp = await signUpWith(email, [{ Name: 'email', Value: email }, ...extra]);
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('NotAuthorizedException');
  });

  it('should refuse an email attribute that differs from the username', async () => {
    const email = uniqueEmail('differs');
    const signUp = await signUpWith(email, [{ Name: 'email', Value: uniqueEmail('someone-else') }]);
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('InvalidParameterException');
  });

  it('should add the email attribute when the sign-up sends none, and verify it on confirmation', async () => {
    const email = uniqueEmail('no-attributes');
    const signUp = await cognitoCall(stack, 'SignUp', { ClientId, Username: email, Password: STRONG });
    expect(signUp.status).toBe(200);
    expect((await confirmWithMailedCode(email)).status).toBe(200);
    const claims = decodeJwt((await signIn(stack, email, STRONG)).IdToken);
    expect(claims.email).toBe(email);
    expect(claims.email_verified).toBe(true);
  });
});

describe('the password policy through the local Cognito proxy', () => {
  it.each([
    ['x', 'one character'],
    ['Sh0rt-a', 'seven characters'],
    ['alllowercase1', 'no upper case'],
    ['ALLUPPERCASE1', 'no lower case'],
    ['NoDigitsAtAll', 'no digit'],
  ])('should refuse the sign-up password "%s" (%s) as Cognito does', async (password) => {
    const email = uniqueEmail('weak');
    const signUp = await signUpWith(email, [{ Name: 'email', Value: email }], password);
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('InvalidPasswordException');
    expect(signUp.body.message).toMatch(/^Password did not conform with policy: /);
  });

  it('should refuse a weak new password on reset and keep the old one', async () => {
    const email = uniqueEmail('weak-reset');
    await registerUser(stack, email, STRONG);
    await cognitoCall(stack, 'ForgotPassword', { ClientId, Username: email });
    const code = codeFrom(await latestEmailTo(stack, email, /reset/i));

    const confirm = await cognitoCall<CognitoErrorBody>(stack, 'ConfirmForgotPassword', {
      ClientId,
      Username: email,
      ConfirmationCode: code,
      Password: 'x',
    });

    expect(confirm.status).toBe(400);
    expect(confirm.body.__type).toBe('InvalidPasswordException');
    await expect(signIn(stack, email, STRONG)).resolves.toHaveProperty('IdToken');
  });

  it('should refuse a weak proposed password on change and keep the old one', async () => {
    const email = uniqueEmail('weak-change');
    await registerUser(stack, email, STRONG);
    const tokens = await signIn(stack, email, STRONG);

    const change = await cognitoCall<CognitoErrorBody>(stack, 'ChangePassword', {
      AccessToken: tokens.AccessToken,
      PreviousPassword: STRONG,
      ProposedPassword: 'x',
    });

    expect(change.status).toBe(400);
    expect(change.body.__type).toBe('InvalidPasswordException');
    await expect(signIn(stack, email, STRONG)).resolves.toHaveProperty('IdToken');
  });
});
