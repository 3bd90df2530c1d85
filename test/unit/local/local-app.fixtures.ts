import type { RuntimeConfig } from '../../../shared/runtime-config';

/** What the local server hands the SPA as /config.json in these tests: a local stage, no API origin. */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_test',
  userPoolClientId: 'client',
  authFlow: 'USER_PASSWORD_AUTH',
  apiOrigin: '',
};
