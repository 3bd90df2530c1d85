import { freePort } from './processes';
import { settingsFromEnv } from './settings';
import { startStack } from './stack';

/**
 * Starts a throw-away stack for the integration and end-to-end tests: in memory, on the ports given
 * in the environment or on free ones, so it can run beside a developer's `npm start`. Prints one
 * READY line with what the tests need, and stops everything on SIGTERM/SIGINT or when stdin closes.
 */
export const READY_PREFIX = 'RAINCHECK_STACK_READY ';

async function main() {
  const env = process.env;
  const pick = async (name: string) => (env[name] ? Number(env[name]) : freePort());
  const settings = {
    ...settingsFromEnv(env),
    appPort: await pick('RAINCHECK_PORT'),
    dynamoPort: await pick('RAINCHECK_DYNAMODB_PORT'),
    cognitoPort: await pick('RAINCHECK_COGNITO_PORT'),
    sesPort: await pick('RAINCHECK_SES_PORT'),
    dataDir: null,
  };
  const stack = await startStack(settings, { scheduler: false });
  const stop = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGHUP', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  console.log(
    READY_PREFIX +
      JSON.stringify({
        appUrl: stack.appUrl,
        mailboxUrl: `http://127.0.0.1:${settings.sesPort}`,
        cognitoUrl: stack.cognitoUrl,
        dynamoUrl: stack.dynamoUrl,
        lambdaConfig: stack.lambdaConfig,
        runtimeConfig: stack.runtimeConfig,
        stripeSandboxUrl: stack.stripeSandboxUrl,
        stripeWebhookSecret: stack.stripeWebhookSecret,
      }),
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
