import { ACCOUNT_MESSAGES, MESSAGES } from '../../../../shared/messages';
import { ADMIN_MESSAGES } from '../../../../shared/admin';

/** The form field an auth error belongs to (spec §5). */
export type AuthErrorField = 'email' | 'password';

export interface MappedAuthError {
  field: AuthErrorField | null;
  message: string;
}

/** The provider's error code: Amplify puts it in `name` (e.g. `UserNotFoundException`), others in `code`. */
export function authErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && code) return code;
  if (typeof name === 'string') return name;
  return '';
}

/**
 * Spec §5: the email field when the code mentions email or user, the password field when it mentions
 * password, otherwise no field. Email/user is checked first, so a code naming both goes to the email field.
 */
export function authErrorField(code: string): AuthErrorField | null {
  const lower = code.toLowerCase();
  if (lower.includes('email') || lower.includes('user')) return 'email';
  if (lower.includes('password')) return 'password';
  return null;
}

/** Cognito's answers when an address has tried too often (the local proxy answers them with 429). */
const THROTTLED = new Set(['LimitExceededException', 'TooManyRequestsException']);

/**
 * Maps an auth error to a field and a message. `message` replaces the provider's text where the spec
 * fixes one (login, reset email); otherwise the provider's own message is shown.
 */
export function mapAuthError(error: unknown, message?: string): MappedAuthError {
  const own = error instanceof Error && error.message ? error.message : MESSAGES.authenticationError;
  // A disabled account is not a wrong password: say so, or the user keeps retrying and resetting.
  if (authErrorCode(error) === 'NotAuthorizedException' && own === ADMIN_MESSAGES.userDisabled)
    return { field: null, message: ADMIN_MESSAGES.accountDisabled };
  // Not a wrong password either: a right one is refused too until the wait is over.
  if (THROTTLED.has(authErrorCode(error))) return { field: null, message: ACCOUNT_MESSAGES.tooManyAttempts };
  return { field: authErrorField(authErrorCode(error)), message: message ?? own };
}
