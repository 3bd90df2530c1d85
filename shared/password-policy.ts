/**
 * The user pool's password policy, declared once: the CDK auth construct and the local Cognito
 * emulator are configured from it, and the SPA shows its rules before submit.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;
