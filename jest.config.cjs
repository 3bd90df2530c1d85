// Jest runs TypeScript through SWC (fast, ignores the TS version); `tsc --noEmit` does the type checking.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Some dependencies ship ESM only; let SWC transform them as well.
  transformIgnorePatterns: ['/node_modules/(?!(hono|@hono)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
};
module.exports = {
  // testTimeout is a global option (Jest ignores it inside projects); the integration and infra tests
  // start real emulators and synthesize stacks on a 2-core machine.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/unit/web/setup.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/test/unit/web/style-stub.cjs',
        '^.*/config/runtime-env$': '<rootDir>/test/unit/web/runtime-env.stub.ts',
      },
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
    },
  ],
};
