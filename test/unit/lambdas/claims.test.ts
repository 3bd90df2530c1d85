import { callerFromClaims, parseGroups } from '../../../lambdas/adapters/auth/claims';

describe('claims from the authorizer', () => {
  it.each([
    ['[admins]', ['admins']],
    ['[admins ops]', ['admins', 'ops']],
    [
      ['admins', 'ops'],
      ['admins', 'ops'],
    ],
    ['', []],
    [undefined, []],
  ])('should read groups %p as %p', (value, groups) => {
    expect(parseGroups(value)).toEqual(groups);
  });

  it('should refuse claims without a subject', () => {
    expect(callerFromClaims({ email: 'a@b.c' })).toBeNull();
    expect(callerFromClaims(undefined)).toBeNull();
  });

  it('should take the tenant from the token subject', () => {
    expect(callerFromClaims({ sub: 'u1', email: 'a@b.c', 'cognito:groups': '[admins]' })).toEqual({
      userId: 'u1',
      email: 'a@b.c',
      groups: ['admins'],
    });
  });
});
