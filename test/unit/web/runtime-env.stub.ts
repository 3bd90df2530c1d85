import type { RuntimeConfig } from '../../../shared/runtime-config';

/** Stands in for web/src/config/runtime-env.ts under Jest (jest.config.cjs maps it): no fetch, fixed values. */
export const testRuntimeConfig: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
  userPoolEndpoint: 'http://localhost:3000/__cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  apiOrigin: '',
  mailboxUrl: 'http://localhost:8005',
};

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return Promise.resolve(testRuntimeConfig);
}

export function getRuntimeConfig(): RuntimeConfig {
  return testRuntimeConfig;
}
