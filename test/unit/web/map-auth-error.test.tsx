import { MESSAGES } from '../../../shared/messages';
import { authErrorCode, authErrorField, mapAuthError } from '../../../web/src/features/auth/map-auth-error';

describe('authErrorField', () => {
  it.each([
    // Cognito / Amplify codes
    ['UserNotFoundException', 'email'],
    ['UsernameExistsException', 'email'],
    ['UserNotConfirmedException', 'email'],
    ['EmptySignInUsername', 'email'],
    ['InvalidPasswordException', 'password'],
    ['EmptySignInPassword', 'password'],
    ['PasswordResetRequiredException', 'password'],
    ['NotAuthorizedException', null],
    ['CodeMismatchException', null],
    ['LimitExceededException', null],
    // Firebase-style codes (the spec's wording is provider-neutral)
    ['auth/invalid-email', 'email'],
    ['auth/user-disabled', 'email'],
    ['auth/wrong-password', 'password'],
    ['auth/network-request-failed', null],
    // A code naming both goes to the email field: email/user is checked first.
    ['auth/user-password-mismatch', 'email'],
    ['', null],
  ] as const)('should map %j to %j when the code is classified', (code, field) => {
    expect(authErrorField(code)).toBe(field);
  });

  it('should ignore case when the code is upper case', () => {
    expect(authErrorField('INVALID_EMAIL')).toBe('email');
    expect(authErrorField('WEAK_PASSWORD')).toBe('password');
  });
});

describe('authErrorCode', () => {
  it.each([
    [{ name: 'UserNotFoundException', message: 'User does not exist.' }, 'UserNotFoundException'],
    [{ code: 'auth/wrong-password', name: 'FirebaseError' }, 'auth/wrong-password'],
    [new Error('boom'), 'Error'],
    ['a string', ''],
    [null, ''],
  ])('should read %j as %j when extracting the code', (error, code) => {
    expect(authErrorCode(error)).toBe(code);
  });
});

describe('mapAuthError', () => {
  function awsError(name: string, message: string): Error {
    const error = new Error(message);
    error.name = name;
    return error;
  }

  it('should use the spec message on the email field when the user does not exist', () => {
    const mapped = mapAuthError(
      awsError('UserNotFoundException', 'User does not exist.'),
      MESSAGES.loginFailed,
    );
    expect(mapped).toEqual({ field: 'email', message: 'Invalid email or password. Please try again.' });
  });

  it('should keep the provider message on no field when no message is fixed and the code names no field', () => {
    const mapped = mapAuthError(awsError('CodeMismatchException', 'Invalid verification code provided.'));
    expect(mapped).toEqual({ field: null, message: 'Invalid verification code provided.' });
  });

  it('should fall back to the generic authentication message when the error has no message', () => {
    expect(mapAuthError({})).toEqual({ field: null, message: MESSAGES.authenticationError });
  });
});
