import { createAttemptLimiter, type AttemptLimiter } from './attempt-limiter';
import { CognitoProxyError } from './cognito-requests';

/**
 * The local proxy's limits per email address (lower-cased). In AWS, Cognito has its own (wrong-password
 * lockout, per-account quotas on code emails); these stand in for them locally. Only failures count
 * towards the sign-in limit, so tests and people who sign in often never meet it.
 */
export const COGNITO_LIMITS = {
  /** Wrong passwords before sign-ins of that address (even right ones) are refused for the window. */
  wrongPasswords: { max: 5, windowMs: 15 * 60_000 },
  /** Password-reset codes an address may be sent. */
  passwordResets: { max: 5, windowMs: 60 * 60_000 },
  /** Sign-up codes an address may be sent again. */
  codeResends: { max: 5, windowMs: 60 * 60_000 },
  /** Wrong guesses at one emailed code before the code is spent (Cognito's own rule). */
  wrongCodes: { max: 5, windowMs: 24 * 60 * 60_000 },
} as const;

export type CognitoLimits = Record<keyof typeof COGNITO_LIMITS, AttemptLimiter>;

export function createCognitoLimits(now?: () => number): CognitoLimits {
  const make = (name: keyof typeof COGNITO_LIMITS) => createAttemptLimiter({ ...COGNITO_LIMITS[name], now });
  return {
    wrongPasswords: make('wrongPasswords'),
    passwordResets: make('passwordResets'),
    codeResends: make('codeResends'),
    wrongCodes: make('wrongCodes'),
  };
}

/** Cognito's words when an address has asked too often. */
export const ATTEMPT_LIMIT_EXCEEDED = 'Attempt limit exceeded, please try after some time.';
/** Cognito's words for a code spent by wrong guesses: a new one must be requested. */
export const CODE_SPENT = 'Invalid code provided, please request a code again.';

/** Counts one attempt, or refuses with 429 LimitExceededException and Retry-After. Returns the release. */
export function reserveAttempt(limiter: AttemptLimiter, key: string): () => void {
  const verdict = limiter.reserve(key);
  if (verdict.ok) return verdict.release;
  throw new CognitoProxyError(
    'LimitExceededException',
    ATTEMPT_LIMIT_EXCEEDED,
    429,
    verdict.retryAfterSeconds,
  );
}

/** Counts one guess at an emailed code, or refuses: after 5 wrong ones the code is spent. */
export function reserveCodeGuess(limits: CognitoLimits, kind: 'SignUp' | 'ForgotPassword', email: string) {
  const verdict = limits.wrongCodes.reserve(`${kind}:${email}`);
  if (verdict.ok) return verdict.release;
  throw new CognitoProxyError('ExpiredCodeException', CODE_SPENT);
}

/** A new code was sent: its guesses start from zero. */
export function newCodeSent(limits: CognitoLimits, kind: 'SignUp' | 'ForgotPassword', email: string): void {
  limits.wrongCodes.reset(`${kind}:${email}`);
}
