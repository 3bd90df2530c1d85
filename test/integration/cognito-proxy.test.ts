import { testStack } from './stack';
import { codeFrom, cognitoCall, latestEmailTo, registerUser, signIn, uniqueEmail } from '../support/cognito';

const stack = testStack();

describe('the local Cognito proxy', () => {
  it('should mail the password-reset code to the local mailbox, and the new password signs in', async () => {
    const email = uniqueEmail('reset');
    await registerUser(stack, email, 'First-Passw0rd');
    const forgot = await cognitoCall(stack, 'ForgotPassword', {
      ClientId: stack.runtimeConfig.userPoolClientId,
      Username: email,
    });
    expect(forgot.status).toBe(200);
    const code = codeFrom(await latestEmailTo(stack, email, /reset/i));
    const confirm = await cognitoCall(stack, 'ConfirmForgotPassword', {
      ClientId: stack.runtimeConfig.userPoolClientId,
      Username: email,
      ConfirmationCode: code,
      Password: 'Second-Passw0rd',
    });
    expect(confirm.status).toBe(200);
    await expect(signIn(stack, email, 'Second-Passw0rd')).resolves.toHaveProperty('IdToken');
    await expect(signIn(stack, email, 'First-Passw0rd')).rejects.toThrow(/Sign-in failed/);
  });

  it('should mail a reset link to the reset page that carries the email and the code, after the code itself', async () => {
    const email = uniqueEmail('reset-link');
    await registerUser(stack, email, 'First-Passw0rd');
    await cognitoCall(stack, 'ForgotPassword', {
      ClientId: stack.runtimeConfig.userPoolClientId,
      Username: email,
    });
    const mail = await latestEmailTo(stack, email, /reset/i);
    const code = codeFrom(mail);
    const text = mail.body.text ?? '';
    const link = new URL(/(http\S+\/reset-password\?\S+)/.exec(text)![1]!);
    expect(link.origin).toBe(new URL(stack.appUrl).origin);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toBe(code);
    // The code stays in the mail for typing, ahead of the link.
    expect(text.indexOf(code)).toBeLessThan(text.indexOf('http'));
  });

  it('should refresh tokens with GetTokensFromRefreshToken, which cognito-local lacks', async () => {
    const tokens = await signIn(stack, 'demo@raincheck.local', 'Demo-Passw0rd!');
    const res = await cognitoCall<{ AuthenticationResult?: { IdToken?: string } }>(
      stack,
      'GetTokensFromRefreshToken',
      {
        ClientId: stack.runtimeConfig.userPoolClientId,
        RefreshToken: tokens.RefreshToken,
      },
    );
    expect(res.status).toBe(200);
    const me = await fetch(`${stack.appUrl}/api/me`, {
      headers: { authorization: `Bearer ${res.body.AuthenticationResult!.IdToken}` },
    });
    expect(me.status).toBe(200);
  });
});
