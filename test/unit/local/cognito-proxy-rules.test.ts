import { CognitoProxyError, parseRequest } from '../../../local/cognito-requests';
import { emailToVerify, passwordPolicyViolation, signUpAttributes } from '../../../local/cognito-rules';

const refusal = (fn: () => unknown): { type: string; message: string } | null => {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof CognitoProxyError) return { type: err.type, message: err.message };
    throw err;
  }
};

describe('the sign-up attributes the local proxy lets through', () => {
  it('should add the email attribute when none is sent', () => {
    expect(signUpAttributes('ann@example.com', undefined)).toEqual([
      { Name: 'email', Value: 'ann@example.com' },
    ]);
    expect(signUpAttributes('ann@example.com', [])).toEqual([{ Name: 'email', Value: 'ann@example.com' }]);
  });

  it('should accept exactly the email attribute equal to the username', () => {
    expect(signUpAttributes('ann@example.com', [{ Name: 'email', Value: 'ann@example.com' }])).toEqual([
      { Name: 'email', Value: 'ann@example.com' },
    ]);
  });

  it.each(['sub', 'email_verified', 'custom:plan', 'name', 'cognito:groups'])(
    'should refuse %s as Cognito refuses an attribute the client may not write',
    (name) => {
      expect(
        refusal(() =>
          signUpAttributes('ann@example.com', [
            { Name: 'email', Value: 'ann@example.com' },
            { Name: name, Value: 'x' },
          ]),
        ),
      ).toEqual({
        type: 'NotAuthorizedException',
        message: 'A client attempted to write unauthorized attribute',
      });
    },
  );

  it('should refuse a second email and an email other than the username', () => {
    expect(
      refusal(() =>
        signUpAttributes('ann@example.com', [
          { Name: 'email', Value: 'ann@example.com' },
          { Name: 'email', Value: 'bob@example.com' },
        ]),
      )?.type,
    ).toBe('InvalidParameterException');
    expect(
      refusal(() => signUpAttributes('ann@example.com', [{ Name: 'email', Value: 'bob@example.com' }]))?.type,
    ).toBe('InvalidParameterException');
  });
});

describe('the email the post-confirm step verifies', () => {
  it('should verify the single email when it is the confirmed username', () => {
    expect(emailToVerify('Ann@Example.com', [{ Name: 'email', Value: 'ann@example.com' }])).toBe(
      'ann@example.com',
    );
  });

  it('should verify nothing when the user has two emails', () => {
    expect(
      emailToVerify('bob@example.com', [
        { Name: 'email', Value: 'ann@example.com' },
        { Name: 'email', Value: 'bob@example.com' },
      ]),
    ).toBeNull();
  });

  it('should verify nothing when the code was confirmed under another name', () => {
    expect(emailToVerify('bob@example.com', [{ Name: 'email', Value: 'ann@example.com' }])).toBeNull();
    expect(emailToVerify('f82b51d8-f9e2-44b4', [{ Name: 'email', Value: 'ann@example.com' }])).toBeNull();
    expect(emailToVerify('ann@example.com', [])).toBeNull();
  });
});

describe('the password policy the local proxy enforces', () => {
  it.each([
    ['x', 'Password not long enough'],
    ['Sh0rt-a', 'Password not long enough'],
    ['ALLUPPERCASE1', 'Password must have lowercase characters'],
    ['alllowercase1', 'Password must have uppercase characters'],
    ['NoDigitsAtAll', 'Password must have numeric characters'],
  ])('should refuse "%s" with Cognito\'s message', (password, reason) => {
    expect(passwordPolicyViolation(password)).toBe(`Password did not conform with policy: ${reason}`);
  });

  it('should accept a password that meets every rule, symbols not required', () => {
    expect(passwordPolicyViolation('Str0ngPassword')).toBeNull();
    expect(passwordPolicyViolation('Demo-Passw0rd!')).toBeNull();
  });

  it('should require symbols when the policy does', () => {
    const policy = {
      minLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireDigits: true,
      requireSymbols: true,
    } as const;
    expect(passwordPolicyViolation('Str0ngPassword', policy)).toMatch(/symbol/);
    expect(passwordPolicyViolation('Str0ng-Password', policy)).toBeNull();
  });
});

describe('parsing a request to the local proxy', () => {
  it('should call unparseable JSON and a wrong top-level type a SerializationException', () => {
    expect(refusal(() => parseRequest('SignUp', '{'))?.type).toBe('SerializationException');
    expect(refusal(() => parseRequest('SignUp', 'null'))?.type).toBe('SerializationException');
    expect(refusal(() => parseRequest('SignUp', '[1]'))?.type).toBe('SerializationException');
  });

  it('should call a field of the wrong type a SerializationException and a missing one an InvalidParameterException', () => {
    expect(refusal(() => parseRequest('ForgotPassword', '{"ClientId":"abc","Username":12345}'))?.type).toBe(
      'SerializationException',
    );
    expect(refusal(() => parseRequest('ForgotPassword', '{"ClientId":"abc"}'))?.type).toBe(
      'InvalidParameterException',
    );
  });

  it('should refuse control characters and bidi overrides in a username', () => {
    for (const bad of [
      'ann\u0000@example.com',
      'ann\u202e@example.com',
      'ann\ud800@example.com',
      'ann @example.com',
    ]) {
      expect(
        refusal(() => parseRequest('ForgotPassword', JSON.stringify({ ClientId: 'abc', Username: bad })))
          ?.type,
      ).toBe('InvalidParameterException');
    }
  });

  it('should refuse the SRP flow the local emulator lacks with a 400, not pass it on', () => {
    const body = JSON.stringify({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'abc',
      AuthParameters: { USERNAME: 'a' },
    });
    expect(refusal(() => parseRequest('InitiateAuth', body))?.type).toBe('InvalidParameterException');
  });

  it('should drop fields it does not know', () => {
    const body = JSON.stringify({
      ClientId: 'abc',
      Username: 'ann@example.com',
      UserPoolId: 'local_x',
      Extra: 1,
    });
    expect(parseRequest('ForgotPassword', body)).toEqual({ ClientId: 'abc', Username: 'ann@example.com' });
  });
});
