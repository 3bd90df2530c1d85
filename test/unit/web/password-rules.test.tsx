import { PASSWORD_POLICY } from '../../../shared/password-policy';
import { passwordRules, unmetPasswordRules } from '../../../web/src/features/auth/password-rules';

describe('password rules', () => {
  it.each([
    ['Demo-Passw0rd!', []],
    ['Abcdefg1', []],
    ['Abc1', ['length']],
    ['abcdefg1', ['upper']],
    ['ABCDEFG1', ['lower']],
    ['Abcdefgh', ['digit']],
    ['', ['length', 'upper', 'lower', 'digit']],
  ])('should find %j missing %j when checked against the pool policy', (password, missing) => {
    expect(unmetPasswordRules(password).map((rule) => rule.id)).toEqual(missing);
  });

  it('should add a symbol rule when the policy requires symbols', () => {
    const rules = passwordRules({
      ...PASSWORD_POLICY,
      requireSymbols: true,
    } as unknown as typeof PASSWORD_POLICY);
    const symbol = rules.find((rule) => rule.id === 'symbol');
    expect(symbol?.test('Abcdefg1')).toBe(false);
    expect(symbol?.test('Abcdefg1!')).toBe(true);
  });
});
