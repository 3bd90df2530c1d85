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
    expect(callerFromClaims({ email: 'a@b.c', token_use: 'id' })).toBeNull();
    expect(callerFromClaims(undefined)).toBeNull();
  });

  it('should refuse access tokens, which carry no email', () => {
    expect(callerFromClaims({ sub: 'u1', token_use: 'access', client_id: 'c' })).toBeNull();
    expect(callerFromClaims({ sub: 'u1', email: 'a@b.c', token_use: 'access' })).toBeNull();
  });

  it('should take the tenant from the token subject', () => {
    expect(
      callerFromClaims({ sub: 'u1', token_use: 'id', email: 'a@b.c', 'cognito:groups': '[admins]' }),
    ).toEqual({
      userId: 'u1',
      email: 'a@b.c',
      groups: ['admins'],
    });
  });
});
