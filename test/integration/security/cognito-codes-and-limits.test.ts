import { codeFrom, latestEmailTo, registerUser, signIn, uniqueEmail } from '../../support/cognito';
import { testStack } from '../stack';
import { appClientCall, decodeJwt, rawCognitoCall } from './proxy-client';

const stack = testStack();
const ClientId = stack.runtimeConfig.userPoolClientId;

type Answer = { __type?: string; message?: string; CodeDeliveryDetails?: Record<string, string> };
const call = (target: string, body: Record<string, unknown>) => appClientCall<Answer>(stack, target, body);
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
/** A sign-in as the SPA sends it, answered raw (status, headers, JSON text). */
const signInCall = async (email: string, password: string) => {
  const answer = await rawCognitoCall(
    stack,
    'InitiateAuth',
    JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { ...answer, json: () => JSON.parse(answer.text) as Answer };
};

describe('guessing an emailed code (issue 18 item 5)', () => {
  it('should spend a sign-up code after 5 wrong guesses, until a new code is requested', async () => {
    const email = uniqueEmail('guess-signup');
    expect((await call('SignUp', { Username: email, Password: 'Guess-Passw0rd!' })).status).toBe(200);
    const code = codeFrom(await latestEmailTo(stack, email, /verification code/i));
    for (let i = 0; i < 5; i++) {
      const wrong = await call('ConfirmSignUp', { Username: email, ConfirmationCode: wrongCodeFor(code) });
      expect(wrong.body.__type).toBe('CodeMismatchException');
    }
    const spent = await call('ConfirmSignUp', { Username: email, ConfirmationCode: code });
    expect(spent.status).toBe(400);
    expect(spent.body.__type).toBe('ExpiredCodeException');
    expect(spent.body.message).toMatch(/request a code again/);

    expect((await call('ResendConfirmationCode', { Username: email })).status).toBe(200);
    const resent = codeFrom(await latestEmailTo(stack, email, /verification code/i));
    expect((await call('ConfirmSignUp', { Username: email, ConfirmationCode: resent })).status).toBe(200);
  });

  it('should spend a reset code after 5 wrong guesses, and a new reset code works', async () => {
    const email = uniqueEmail('guess-reset');
    await registerUser(stack, email, 'First-Passw0rd!');
    await call('ForgotPassword', { Username: email });
    const code = codeFrom(await latestEmailTo(stack, email, /reset/i));
    const confirm = (ConfirmationCode: string, Password: string) =>
      call('ConfirmForgotPassword', { Username: email, ConfirmationCode, Password });
    for (let i = 0; i < 5; i++) {
      expect((await confirm(wrongCodeFor(code), 'Guessed-Passw0rd!')).body.__type).toBe(
        'CodeMismatchException',
      );
    }
    expect((await confirm(code, 'Second-Passw0rd!')).body.__type).toBe('ExpiredCodeException');
    await expect(signIn(stack, email, 'First-Passw0rd!')).resolves.toHaveProperty('IdToken');

    await call('ForgotPassword', { Username: email });
    const fresh = codeFrom(await latestEmailTo(stack, email, /reset/i));
    expect((await confirm(fresh, 'Third-Passw0rd!')).status).toBe(200);
    await expect(signIn(stack, email, 'Third-Passw0rd!')).resolves.toHaveProperty('IdToken');
  });

  it('should count parallel guesses: 20 at once make at most 5 mismatches', async () => {
    const email = uniqueEmail('guess-parallel');
    await call('SignUp', { Username: email, Password: 'Guess-Passw0rd!' });
    const code = codeFrom(await latestEmailTo(stack, email, /verification code/i));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('ConfirmSignUp', { Username: email, ConfirmationCode: wrongCodeFor(code) }),
      ),
    );
    expect(answers.filter((a) => a.body.__type === 'CodeMismatchException').length).toBeLessThanOrEqual(5);
    expect((await call('ConfirmSignUp', { Username: email, ConfirmationCode: code })).body.__type).toBe(
      'ExpiredCodeException',
    );
  });
});

describe('telling who has an account (issue 18 item 6)', () => {
  it('should answer a reset for an unknown address exactly as for a known one', async () => {
    const known = uniqueEmail('known');
    await registerUser(stack, known, 'Known-Passw0rd!');
    const unknown = uniqueEmail('nobody');
    const a = await call('ForgotPassword', { Username: known });
    const b = await call('ForgotPassword', { Username: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(b.body)).toEqual(Object.keys(a.body));
    expect(b.body.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: `${unknown[0]}***@example.com`,
    });
    expect(a.body.CodeDeliveryDetails).toEqual({
      ...b.body.CodeDeliveryDetails,
      Destination: `${known[0]}***@example.com`,
    });
  });

  it('should answer a sign-in of an unknown address exactly as a wrong password', async () => {
    const known = uniqueEmail('known-signin');
    await registerUser(stack, known, 'Known-Passw0rd!');
    const wrong = await signInCall(known, 'Wrong-Passw0rd!');
    const unknown = await signInCall(uniqueEmail('nobody-signin'), 'Wrong-Passw0rd!');
    const expected = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect({ status: wrong.status, body: wrong.json() }).toEqual({ status: 400, body: expected });
    expect({ status: unknown.status, body: unknown.json() }).toEqual({ status: 400, body: expected });
  });

  it('should not make a second account for an upper-case variant of an existing email', async () => {
    const email = uniqueEmail('case');
    await registerUser(stack, email, 'Case-Passw0rd!');
    const variant = email.toUpperCase();
    const again = await call('SignUp', {
      Username: variant,
      Password: 'Other-Passw0rd!',
      UserAttributes: [{ Name: 'email', Value: variant }],
    });
    expect(again.body.__type).toBe('UsernameExistsException');
    const original = decodeJwt((await signIn(stack, email, 'Case-Passw0rd!')).IdToken);
    const upper = decodeJwt((await signIn(stack, variant, 'Case-Passw0rd!')).IdToken);
    expect(upper.sub).toBe(original.sub);
    await expect(signIn(stack, variant, 'Other-Passw0rd!')).rejects.toThrow(/Sign-in failed/);
  });
});

describe('limits per address (issue 18 item 9)', () => {
  it('should refuse even the right password with 429 and Retry-After after 5 wrong ones', async () => {
    const email = uniqueEmail('lockout');
    await registerUser(stack, email, 'Right-Passw0rd!');
    for (let i = 0; i < 5; i++) expect((await signInCall(email, `Wrong-Passw0rd!${i}`)).status).toBe(400);
    const locked = await signInCall(email.toUpperCase(), 'Right-Passw0rd!');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.json().__type).toBe('LimitExceededException');
  });

  it('should hold the sign-in limit under 20 parallel wrong passwords', async () => {
    const email = uniqueEmail('lockout-parallel');
    await registerUser(stack, email, 'Right-Passw0rd!');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInCall(email, `Wrong-Passw0rd!${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('should not count right passwords: many sign-ins stay allowed', async () => {
    const email = uniqueEmail('often');
    await registerUser(stack, email, 'Right-Passw0rd!');
    for (let i = 0; i < 8; i++) expect((await signInCall(email, 'Right-Passw0rd!')).status).toBe(200);
    expect((await signInCall(email, 'Wrong-Passw0rd!')).status).toBe(400);
  });

  it.each([
    ['ForgotPassword', /reset/i],
    ['ResendConfirmationCode', /verification code/i],
  ])('should send at most 5 %s mails an hour to one address, then answer 429', async (target, subject) => {
    const email = uniqueEmail(`mails-${target.toLowerCase()}`);
    await call('SignUp', { Username: email, Password: 'Mails-Passw0rd!' });
    if (target === 'ForgotPassword') {
      const code = codeFrom(await latestEmailTo(stack, email, /verification code/i));
      await call('ConfirmSignUp', { Username: email, ConfirmationCode: code });
    }
    for (let i = 0; i < 5; i++) expect((await call(target, { Username: email })).status).toBe(200);
    const sixth = await rawCognitoCall(stack, target, JSON.stringify({ ClientId, Username: email }));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((JSON.parse(sixth.text) as Answer).__type).toBe('LimitExceededException');
    const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string }[];
    };
    const sent = store.emails.filter((e) => e.destination.to.includes(email) && subject.test(e.subject));
    expect(sent.length).toBeLessThanOrEqual(target === 'ForgotPassword' ? 5 : 6);
  });
});
