import fc from 'fast-check';
import { runtimeConfigSchema } from '../../../shared/runtime-config';
import { parseRuntimeConfig } from '../../../shared/runtime-config-parse';

const valid = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:3000/__cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  apiOrigin: '',
  mailboxUrl: 'http://127.0.0.1:8005',
  tokenCookieSyncUrl: '/api/session',
  tokenCookieMaxAgeSeconds: 300,
  mapStyleUrl:
    'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Standard/descriptor?key=k&color-scheme={colorScheme}',
};

/** Values a field of /config.json might hold, right or wrong. */
const anyValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    'local',
    'aws',
    'USER_SRP_AUTH',
    'USER_PASSWORD_AUTH',
    'x',
    0,
    -1,
    1.5,
    300,
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);

describe('parseRuntimeConfig', () => {
  it('should accept a complete local config and drop unknown keys when given one', () => {
    const result = parseRuntimeConfig({ ...valid, extra: 'ignored' });
    expect(result).toEqual({ success: true, data: valid });
  });

  it('should name the field when a required field is missing', () => {
    const { userPoolId: _omit, ...rest } = valid;
    const result = parseRuntimeConfig(rest);
    expect(result).toEqual({ success: false, issue: { path: 'userPoolId', message: 'expected a string' } });
  });

  it('should reject a non-object when the file is not a JSON object', () => {
    for (const value of [null, [], 'config', 42]) expect(parseRuntimeConfig(value).success).toBe(false);
  });

  it('should agree with the zod schema on success and on the data when fields are mutated at random', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(valid)), anyValue, { maxKeys: 4 }),
        (mutations) => {
          const input: Record<string, unknown> = { ...valid, ...mutations };
          for (const [key, value] of Object.entries(mutations)) if (value === undefined) delete input[key];
          const ours = parseRuntimeConfig(input);
          const theirs = runtimeConfigSchema.safeParse(input);
          expect(ours.success).toBe(theirs.success);
          if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
