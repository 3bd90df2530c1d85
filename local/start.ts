import { DEMO_USERS, settingsFromEnv } from './settings';
import { startStack } from './stack';
import { totpFor } from './cognito-mfa';

/** The otpauth:// URI an authenticator app reads (the same one the QR code on /settings holds). */
function totpUri(email: string, secret: string): string {
  return totpFor(secret, { issuer: 'Raincheck (local)', label: email }).toString();
}

/** `npm start`: the whole product on loopback, no AWS account, no internet. */
async function main() {
  // Ctrl-C while the emulators start exits at once; the exit hook of local/processes.ts ends them.
  let onSignal: () => void = () => process.exit(130);
  process.on('SIGINT', () => onSignal());
  process.on('SIGTERM', () => onSignal());

  const settings = settingsFromEnv();
  const stack = await startStack(settings, { scheduler: true, log: (line) => console.log(line) });
  const lines = [
    '',
    `  Raincheck is running at   ${stack.appUrl}`,
    '',
    `  Demo contractor           ${DEMO_USERS.contractor.email} / ${DEMO_USERS.contractor.password}`,
    `  Admin (group admins)      ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password}   → ${stack.appUrl}/admin/login`,
    `  Admin authenticator app   ${totpUri(DEMO_USERS.admin.email, stack.adminTotpSecret)}`,
    '                            (add it to an authenticator app, or compute the code from the secret)',
    ...(stack.demoApiKeyFile
      ? [
          `  API demo (Enterprise)     ${DEMO_USERS.apiDemo.email} / ${DEMO_USERS.apiDemo.password}`,
          `  Its API key (read scope)  in ${stack.demoApiKeyFile}   (README "Use the API")`,
        ]
      : []),
    `  Local mailbox (all email) ${stack.mailboxUrl}`,
    `  Phone outbox (all texts)  ${stack.smsOutboxUrl}   (reply YES, STOP, HELP, 1, 2 as the phone)`,
    stack.stripeSandboxUrl
      ? `  Payments sandbox          ${stack.stripeSandboxUrl}   (test card 4242 4242 4242 4242, no real money)`
      : '  Payments                  Stripe test mode (STRIPE_SECRET_KEY is set)',
    '',
    `  DynamoDB Local ${stack.dynamoUrl} · cognito-local ${stack.cognitoUrl} · data in ${settings.dataDir}`,
    '  Ctrl-C stops everything; data is kept for the next start.',
    '',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  onSignal = () => void shutdown();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
