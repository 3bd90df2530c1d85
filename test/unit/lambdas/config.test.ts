import { ConfigError, parseConfig, tokenIssuer } from '../../../lambdas/config';

// The variables the issuer does not depend on.
const REQUIRED_ELSEWHERE = { TABLE_NAME: 't', USER_POOL_CLIENT_ID: 'c' };

describe('Lambda configuration', () => {
  it('should fail at start-up naming the missing variable', () => {
    expect(() => parseConfig({ USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c' })).toThrow(ConfigError);
    expect(() => parseConfig({ USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c' })).toThrow(/TABLE_NAME/);
  });

  it('should derive the AWS issuer from the region and pool id', () => {
    const config = parseConfig({
      ...REQUIRED_ELSEWHERE,
      USER_POOL_ID: 'eu-west-1_abc',
      AWS_REGION: 'eu-west-1',
    });
    expect(tokenIssuer(config)).toBe('https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc');
  });
});
