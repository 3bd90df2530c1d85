/**
 * What `bench/lambda-bundles.ts` runs in each child `node`: the Lambda environment as dummy values, and
 * the script that preloads the AWS SDK, times `require(bundle)` and refuses every socket.
 */
/** What lambdas/config.ts needs, and what the stack sets, as dummy values: nothing is reached. */
export const LAMBDA_ENV: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'raincheck-bench',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'bench-client',
  MAIL_FROM: 'Raincheck <alerts@raincheck.example>',
  SES_CONFIGURATION_SET: 'raincheck-bench',
  DISPATCH_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-bench',
  WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/raincheck-bench-webhooks',
  SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:us-east-1:123456789012:phone-number/phone-bench',
  SMS_CONFIGURATION_SET: 'raincheck-bench',
  UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-of-at-least-32-characters',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:raincheck-stripe-bench',
  WEATHER_API_KEY_PARAM: '/raincheck/weather-api-key',
  APP_ORIGIN: 'https://bench.example',
  POWERTOOLS_SERVICE_NAME: 'raincheck-bench',
};

/** Runs in each child: optionally preload the SDK, time `require(bundle)`, refuse any socket. */
export const RUNNER = `
const net = require('node:net');
const { performance } = require('node:perf_hooks');
const connects = [];
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  connects.push(JSON.stringify(args[0]));
  this.destroy(new Error('bench: no network'));
  return this;
};
const [bundle, mode, externals] = process.argv.slice(2);
let sdkMs = 0;
if (mode === 'preload') {
  const t = performance.now();
  for (const m of JSON.parse(externals)) require(m);
  sdkMs = performance.now() - t;
}
const t0 = performance.now();
const c0 = process.cpuUsage();
const mod = require(bundle);
const cpu = process.cpuUsage(c0);
const initMs = performance.now() - t0;
const cpuMs = (cpu.user + cpu.system) / 1000;
if (typeof mod.handler !== 'function') throw new Error('no handler exported');
setTimeout(() => {
  net.Socket.prototype.connect = connect;
  process.stdout.write(JSON.stringify({ initMs, cpuMs, sdkMs, connects }));
}, 50);
`;

/**
 * Runs in each child for a package bundled apart: preload the SDK, load the Lambda's bundle, then time
 * the `require` of the package's own bundle beside it, what the first request that needs it adds (its
 * parse and module code; what the package then does for the request is not counted).
 */
export const FIRST_USE_RUNNER = `
const [bundle, externals, apart] = process.argv.slice(2);
for (const m of JSON.parse(externals)) require(m);
require(bundle);
const c0 = process.cpuUsage();
require(apart);
const cpu = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 }));
`;
