import { PASSWORD_POLICY } from '../../../../shared/password-policy';

/**
 * The user pool's password policy (shared/password-policy.ts, which also configures Cognito), shown as
 * rules before submit so nobody has to learn it from an error. Cognito enforces it either way.
 */
export interface PasswordRule {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'symbol';
  label: string;
  test: (password: string) => boolean;
}

export function passwordRules(policy: typeof PASSWORD_POLICY = PASSWORD_POLICY): PasswordRule[] {
  const rules: PasswordRule[] = [
    {
      id: 'length',
      label: `At least ${policy.minLength} characters`,
      test: (p) => p.length >= policy.minLength,
    },
  ];
  if (policy.requireUppercase)
    rules.push({ id: 'upper', label: 'An uppercase letter (A–Z)', test: (p) => /[A-Z]/.test(p) });
  if (policy.requireLowercase)
    rules.push({ id: 'lower', label: 'A lowercase letter (a–z)', test: (p) => /[a-z]/.test(p) });
  if (policy.requireDigits)
    rules.push({ id: 'digit', label: 'A number (0–9)', test: (p) => /[0-9]/.test(p) });
  if (policy.requireSymbols) {
    rules.push({ id: 'symbol', label: 'A symbol (such as ! or #)', test: (p) => /[^A-Za-z0-9]/.test(p) });
  }
  return rules;
}

export const PASSWORD_RULES: readonly PasswordRule[] = passwordRules();

export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export const PASSWORD_RULES_ERROR = 'The password does not meet every rule listed below it.';

/** A new password that breaks a rule is refused on its own field before anything is sent. */
export function passwordRulesRefusal(password: string): { field: 'password'; message: string } | null {
  return unmetPasswordRules(password).length > 0
    ? { field: 'password', message: PASSWORD_RULES_ERROR }
    : null;
}
