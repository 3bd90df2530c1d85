import { ACCOUNT_MESSAGES } from '../../../../shared/messages';
import { authErrorCode } from './map-auth-error';
import { PASSWORD_RULES_ERROR } from './password-rules';

export type PasswordFormField = 'current' | 'next' | 'confirm' | 'form';

/**
 * Where a failed change is shown. Cognito answers a wrong current password with NotAuthorizedException
 * (cognito-local with InvalidPasswordException "Invalid password"); a new password it refuses by policy
 * is InvalidPasswordException "…does not conform to policy…". The new password already passed the same
 * rules here, so an InvalidPasswordException that is not about the policy is the current password.
 * Nothing from the provider is shown as is.
 */
export function passwordChangeError(err: unknown): { field: PasswordFormField; message: string } {
  const code = authErrorCode(err);
  const text = err instanceof Error ? err.message.toLowerCase() : '';
  if (code === 'NotAuthorizedException')
    return { field: 'current', message: ACCOUNT_MESSAGES.currentPasswordWrong };
  if (code === 'InvalidPasswordException' || code === 'InvalidParameterException') {
    return /conform|policy|length|proposedpassword/.test(text)
      ? { field: 'next', message: PASSWORD_RULES_ERROR }
      : { field: 'current', message: ACCOUNT_MESSAGES.currentPasswordWrong };
  }
  if (code === 'LimitExceededException' || code === 'TooManyRequestsException')
    return { field: 'form', message: 'Too many attempts. Wait a few minutes, then try again.' };
  return { field: 'form', message: ACCOUNT_MESSAGES.passwordChangeFailed };
}
