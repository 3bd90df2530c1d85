import { PASSWORD_POLICY } from '../shared/password-policy';
import { CognitoProxyError } from './cognito-requests';

/** What Cognito enforces and cognito-local does not: the password policy and the sign-up attributes. */

/** Cognito's own messages when a password breaks the pool's policy, or null when it complies. */
export function passwordPolicyViolation(
  value: string,
  policy: {
    readonly [K in keyof typeof PASSWORD_POLICY]: (typeof PASSWORD_POLICY)[K] extends number
      ? number
      : boolean;
  } = PASSWORD_POLICY,
): string | null {
  const rules: Array<[boolean, RegExp | null, string]> = [
    [true, null, 'Password not long enough'],
    [policy.requireLowercase, /\p{Ll}/u, 'Password must have lowercase characters'],
    [policy.requireUppercase, /\p{Lu}/u, 'Password must have uppercase characters'],
    [policy.requireDigits, /\d/, 'Password must have numeric characters'],
    [
      policy.requireSymbols,
      /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/,
      'Password must have symbol characters',
    ],
  ];
  if ([...value].length < policy.minLength) return `Password did not conform with policy: ${rules[0]![2]}`;
  for (const [required, pattern, message] of rules.slice(1)) {
    if (required && pattern && !pattern.test(value))
      return `Password did not conform with policy: ${message}`;
  }
  return null;
}

export function enforcePasswordPolicy(value: string): void {
  const violation = passwordPolicyViolation(value);
  if (violation) throw new CognitoProxyError('InvalidPasswordException', violation);
}

/**
 * The attributes a sign-up may write: exactly `email`, equal to the username (added when none are sent),
 * as the CDK app client allows (infra/constructs/auth.construct.ts). Anything else is refused the way
 * Cognito refuses it.
 */
export function signUpAttributes(
  user: string,
  sent: { Name: string; Value: string }[] | undefined,
): { Name: 'email'; Value: string }[] {
  if (!sent || sent.length === 0) return [{ Name: 'email', Value: user }];
  if (sent.some((a) => a.Name !== 'email')) {
    throw new CognitoProxyError(
      'NotAuthorizedException',
      'A client attempted to write unauthorized attribute',
    );
  }
  if (sent.length !== 1) {
    throw new CognitoProxyError('InvalidParameterException', 'Only one email attribute may be sent.');
  }
  // The username is lower-cased (local/cognito-requests.ts); the address is the same in any case.
  if (sent[0]!.Value.toLowerCase() !== user.toLowerCase()) {
    throw new CognitoProxyError('InvalidParameterException', 'The email attribute must equal the username.');
  }
  return [{ Name: 'email', Value: user }];
}

/**
 * The email to mark verified after a confirmed sign-up: the user's single email, and only when it is the
 * username the code was confirmed under (the code went to that address). Otherwise none.
 */
export function emailToVerify(
  confirmedUsername: string,
  userAttributes: { Name?: string; Value?: string }[] | undefined,
): string | null {
  const emails = (userAttributes ?? []).filter((a) => a.Name === 'email');
  if (emails.length !== 1) return null;
  const email = emails[0]!.Value ?? '';
  return email !== '' && email.toLowerCase() === confirmedUsername.toLowerCase() ? email : null;
}

/** How Cognito shows where a code went: `a***@example.com`. */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}
