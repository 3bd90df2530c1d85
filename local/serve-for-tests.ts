import { freePorts } from './processes';
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
  // Tests reach nothing outside this machine: simulated weather, and a geocoder address on loopback
  // where nothing listens (the jobsite form's lookup then answers 503, as it does offline).
  env.RAINCHECK_WEATHER_PROVIDER ??= 'simulated';
  env.RAINCHECK_GEOCODING_URL ??= 'http://127.0.0.1:9';
  // SSO test domains have no public DNS zone: the documented development switch (local/README.md).
  env.RAINCHECK_SSO_TRUST_DOMAINS ??= 'true';
  // A signal during start-up exits at once; the exit hook of local/processes.ts ends the emulators.
  let stopRequested: (() => void) | null = () => process.exit(0);
  const onSignal = () => stopRequested?.();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.on('SIGHUP', onSignal);
  process.stdin.on('end', onSignal);
  process.stdin.resume();

  const [appPort, dynamoPort, cognitoPort, sesPort, smsPort] = await freePorts(5);
  const chosen = (name: string, free: number | undefined) => (env[name] ? Number(env[name]) : free!);
  const settings = {
    ...settingsFromEnv(env),
    appPort: chosen('RAINCHECK_PORT', appPort),
    dynamoPort: chosen('RAINCHECK_DYNAMODB_PORT', dynamoPort),
    cognitoPort: chosen('RAINCHECK_COGNITO_PORT', cognitoPort),
    sesPort: chosen('RAINCHECK_SES_PORT', sesPort),
    smsPort: chosen('RAINCHECK_SMS_PORT', smsPort),
    dataDir: null,
  };
  // Tests make their own accounts and plans; the demo contractor stays on the spec's default (no plan).
  const stack = await startStack(settings, { scheduler: false, demo: false });
  stopRequested = () => {
    stopRequested = null;
    void stack.stop().then(() => process.exit(0));
  };
  console.log(
    READY_PREFIX +
      JSON.stringify({
        appUrl: stack.appUrl,
        mailboxUrl: `http://127.0.0.1:${settings.sesPort}`,
        smsOutboxUrl: `http://127.0.0.1:${settings.smsPort}`,
        cognitoUrl: stack.cognitoUrl,
        dynamoUrl: stack.dynamoUrl,
        lambdaConfig: stack.lambdaConfig,
        runtimeConfig: stack.runtimeConfig,
        stripeSandboxUrl: stack.stripeSandboxUrl,
        stripeSandboxToken: stack.stripeSandboxToken,
        stripeSandboxTokenFile: stack.stripeSandboxTokenFile,
        stripeWebhookSecret: stack.stripeWebhookSecret,
        emailEventsSecret: stack.emailEventsSecret,
        adminTotpSecret: stack.adminTotpSecret,
        demoOidcProvider: stack.demoOidcProvider,
      }),
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
