import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { ServerType } from '@hono/node-server';
import { createApiApp } from '../lambdas/api/app';
import { createAddressLookup } from '../lambdas/adapters/geo/address-lookup.factory';
import { SUBSCRIPTION_ROUTES, createBillingApp } from '../lambdas/billing/app';
import { HOLIDAY_ROUTES, createHolidaysApp } from '../lambdas/holidays/app';
import { createHolidaysDeps } from '../lambdas/composition/holidays.root';
import { CHECKOUT_ROUTES, createCheckoutApp } from '../lambdas/checkout/app';
import { WEBHOOK_PATH, createWebhookApp } from '../lambdas/stripe-webhook/app';
import { createCompositionRoot } from '../lambdas/composition-root';
import { localAuthenticate } from './local-authenticate';
import { consumeLocally, createWebhookDeliveryDeps } from '../lambdas/composition/webhook-delivery.root';
import { runDispatch } from '../lambdas/core/dispatch/run-dispatch';
import { lineLogger } from '../lambdas/adapters/observability/line.logger';
import type { DispatchRun } from '../lambdas/core/dispatch/dispatch.ports';
import { createStripeSandbox, type StripeSandbox } from './stripe-sandbox/sandbox';
import { stripeModeFromEnv } from './stripe-sandbox/mode';
import { SANDBOX_TOKEN_FILE } from './stripe-sandbox/sandbox-secrets';
import { parseAllowedHosts } from './host-guard';
import { SesMailer, createSesClient } from '../lambdas/adapters/ses/ses.mailer';
import { CognitoPoolFile } from './cognito-pool-file';
import { createCognitoProxy } from './cognito-proxy';
import { createTokenSigner, loadOrCreateSigningKey, writeJwksFile } from './cognito-token-signer';
import { createMailboxProxy } from './mailbox-proxy';
import { createCognitoMfa } from './cognito-mfa';
import { localPostConfirmation } from './cognito-post-confirmation';
import { startCognitoAdminEndpoint } from './cognito-admin-endpoint';
import { cognitoDataDir, startCognitoLocal, startDynamoDbLocal, startSesLocal } from './emulators';
import { assertPortFree, freePorts, type ManagedProcess } from './processes';
import { ensureTable, ensureUser, ensureUserPool } from './provision';
import { startScheduler } from './scheduler';
import { ensureDemoAlerts, ensureDemoPremium, seedDemoData } from './seed';
import { ensureApiDemo } from './seed-api-demo';
import { chooseWeatherProvider } from './weather-provider-choice';
import { createLocalApp, listen } from './server';
import { startSmsServer } from './sms-server/sms-server';
import { createSmsEventsHandler } from '../lambdas/sms-events/app';
import { createPublicApiApp } from '../lambdas/public-api/app';
import { startFederation } from './federation/start-federation';
import { closeNow, localSecret } from './stack-helpers';
import { localLambdaConfig, localRuntimeConfig } from './lambda-config';
import { LOCAL_FILES_BUCKET, S3_MOUNT, startLocalFiles } from './s3-front/local-files';
import { localReportsApp } from './reports-app';
import type { StackInfo } from './stack-info';

/** The local origination number (a US toll-free number reserved for fiction/tests). */
const LOCAL_SMS_NUMBER = '+18885550100';
import { DEMO_USERS, LOCAL_CREDENTIALS, type LocalSettings } from './settings';

export interface RunningStack extends StackInfo {
  settings: LocalSettings;
  runDispatch: () => Promise<DispatchRun>;
  demoApiKeyFile: string | null;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Run the scheduled handlers on their schedule (off in tests, which call them directly). */
  scheduler?: boolean;
  distDir?: string;
  log?: (line: string) => void;
  /**
   * Buy the demo contractor's Premium plan in the sandbox and replay a first storm notice, and seed the
   * Enterprise API demo with its key (default on).
   */
  demo?: boolean;
}

export async function startStack(settings: LocalSettings, opts: StartOptions = {}): Promise<RunningStack> {
  const log = opts.log ?? (() => undefined);
  const workDir = settings.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-'));
  fs.mkdirSync(workDir, { recursive: true });

  await Promise.all([
    assertPortFree(settings.appPort, 'app'),
    assertPortFree(settings.dynamoPort, 'DynamoDB Local'),
    assertPortFree(settings.cognitoPort, 'cognito-local'),
    assertPortFree(settings.sesPort, 'SES emulator'),
  ]);

  // The key every local token is signed with: made on first start, kept with the data (issue 18 item 1).
  const signer = createTokenSigner(loadOrCreateSigningKey(workDir));
  const jwksFile = writeJwksFile(workDir, signer);
  // What lets the federation front (and nothing else) ask cognito-local for a sign-in code.
  const federationSecret = randomBytes(32).toString('hex');
  // The SES emulator answers any Host: it listens on an internal port, the mailbox port is a guarded pass-through.
  const [sesInternalPort] = await freePorts(1);

  const processes: ManagedProcess[] = [];
  const closers: Array<() => Promise<void>> = [];
  let sandbox: StripeSandbox | null = null;
  let mailbox: ServerType | null = null;
  const stopProcesses = async () => {
    await sandbox?.stop();
    // The emulators stop even if a mailbox request is still open (close() waits for open connections).
    await Promise.all([...processes.map((p) => p.stop()), mailbox ? closeNow(mailbox) : undefined]);
  };
  try {
    log('Starting DynamoDB Local, cognito-local and the SES emulator…');
    // allSettled: when one emulator fails, the others that did start are stopped too.
    const started = await Promise.allSettled([
      startDynamoDbLocal({ port: settings.dynamoPort, dataDir: settings.dataDir }),
      startCognitoLocal({ port: settings.cognitoPort, dataDir: workDir, jwksFile, federationSecret }),
      startSesLocal({ port: sesInternalPort! }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failure = started.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (err) {
    await stopProcesses();
    throw err;
  }

  try {
    const dynamoUrl = `http://127.0.0.1:${settings.dynamoPort}`;
    const cognitoUrl = `http://127.0.0.1:${settings.cognitoPort}`;
    const sesUrl = `http://127.0.0.1:${settings.sesPort}`;
    const appUrl = `http://localhost:${settings.appPort}`;
    mailbox = await listen(
      createMailboxProxy({
        upstream: `http://127.0.0.1:${sesInternalPort}`,
        allowedHosts: settings.allowedHosts,
      }),
      settings.sesPort,
    );

    const dynamo = new DynamoDBClient({
      region: settings.region,
      endpoint: dynamoUrl,
      credentials: LOCAL_CREDENTIALS,
    });
    await ensureTable(dynamo, settings.tableName);

    const cognito = new CognitoIdentityProviderClient({
      region: settings.region,
      endpoint: cognitoUrl,
      credentials: LOCAL_CREDENTIALS,
    });
    const pool = await ensureUserPool(cognito, path.join(workDir, 'state.json'));
    const demoUserId = await ensureUser(cognito, pool, DEMO_USERS.contractor);
    const adminUsername = await ensureUser(cognito, pool, DEMO_USERS.admin);
    // TOTP, sign-out and the Lambdas' admin endpoint: what cognito-local lacks (local/cognito-mfa.ts).
    const poolFile = new CognitoPoolFile(
      path.join(cognitoDataDir(workDir), '.cognito', 'db'),
      () => pool.userPoolId,
    );
    const mfa = createCognitoMfa({
      dataDir: settings.dataDir,
      refreshTokensOf: (username) => poolFile.refreshTokensOf(username),
    });
    const adminTotpSecret = mfa.ensureTotp(adminUsername, DEMO_USERS.admin.email);
    const adminEndpoint = await startCognitoAdminEndpoint({
      upstream: cognitoUrl,
      port: (await freePorts(1))[0]!,
      mfa,
    });
    closers.push(() => new Promise<void>((resolve) => adminEndpoint.server.close(() => resolve())));

    // Payments: real Stripe test mode when keys are set, else the local sandbox (local/stripe-sandbox).
    const stripeMode = stripeModeFromEnv(process.env, {
      persistent: settings.dataDir !== null,
      localSecret: (name) => localSecret(workDir, name),
    });
    if (stripeMode.kind === 'sandbox') {
      const sandboxPort = stripeMode.port ?? (await freePorts(1))[0]!;
      await assertPortFree(sandboxPort, 'payments sandbox');
      // The sandbox guards its own Host (helper "sandbox", issue 18 item 3): once its factory takes
      // `allowedHosts`, pass settings.allowedHosts here.
      sandbox = createStripeSandbox({
        webhookUrl: `http://127.0.0.1:${settings.appPort}${WEBHOOK_PATH}`,
        webhookSecret: stripeMode.webhookSecret,
        secretKey: stripeMode.secretKey,
        controlToken: stripeMode.controlToken,
        allowedHosts: parseAllowedHosts(process.env.RAINCHECK_ALLOWED_HOSTS),
        statePath: settings.dataDir ? path.join(settings.dataDir, 'stripe-sandbox.json') : null,
      });
      await sandbox.listen(sandboxPort);
    }

    const stripeSandboxToken = stripeMode.kind === 'sandbox' ? stripeMode.controlToken : null;

    // Open-Meteo when it answers within 3 s (or as RAINCHECK_WEATHER_PROVIDER says), else simulated.
    const weather = await chooseWeatherProvider(process.env);
    log(weather.line);

    // The local End User Messaging SMS: replies reach the sms-events handler once the root exists.
    let deliverSmsEvent: (event: unknown) => Promise<unknown> = async () => undefined;
    await assertPortFree(settings.smsPort, 'SMS server');
    const smsServer = await startSmsServer({
      port: settings.smsPort,
      originationNumber: LOCAL_SMS_NUMBER,
      deliver: (event) => deliverSmsEvent(event),
      allowedHosts: settings.allowedHosts,
    });
    closers.push(() => smsServer.close());

    const files = await startLocalFiles({ region: settings.region, dataDir: settings.dataDir });
    closers.push(() => files.stop());

    const lambdaConfig = localLambdaConfig({
      weatherEnv: weather.env,
      unsubscribeSecret: localSecret(workDir, 'unsubscribe-secret'),
      region: settings.region,
      tableName: settings.tableName,
      pool,
      dynamoUrl,
      sesUrl,
      cognitoUrl,
      adminEndpointUrl: adminEndpoint.url,
      appUrl,
      stripe: { ...stripeMode, apiBase: sandbox ? sandbox.url.replace('localhost', '127.0.0.1') : undefined },
      smsUrl: smsServer.url.replace('localhost', '127.0.0.1'),
      smsNumber: LOCAL_SMS_NUMBER,
      filesBucket: LOCAL_FILES_BUCKET,
      s3Mount: S3_MOUNT,
    });

    const emailEventsSecret = localSecret(workDir, 'email-events-secret');
    // One composition root for every app of the local runtime, as one Lambda container builds one.
    const root = createCompositionRoot(lambdaConfig);
    // The dispatch logs what it does as readable lines, through the stack's own output.
    root.dispatch.log = lineLogger('dispatch', log);
    // Webhook deliveries run in this process through the delivery Lambda's own code.
    consumeLocally(createWebhookDeliveryDeps(lambdaConfig, root.webhooks, root), root.webhooks);
    closers.push(async () => root.webhooks.localQueue?.stop());
    if (root.smsRoot) {
      const smsEvents = createSmsEventsHandler({
        inbound: root.smsRoot.inbound,
        deliveries: root.smsRoot.deliveries,
        clock: root.clock,
      });
      deliverSmsEvent = smsEvents;
    }
    await seedDemoData(root, { userId: demoUserId, email: DEMO_USERS.contractor.email });
    const federation = await startFederation({
      root,
      appOrigin: appUrl,
      cognito,
      cognitoUrl,
      pool,
      signer,
      secret: federationSecret,
      dataDir: settings.dataDir ? workDir : null,
      log,
    });
    closers.push(() => federation.close());

    const mailer = new SesMailer(
      createSesClient({ region: settings.region, endpoint: sesUrl }),
      lambdaConfig.MAIL_FROM,
    );
    // Served by the gated cognito-local at the issuer's JWKS path: the stack's own key, nothing else.
    const authenticate = localAuthenticate(root, {
      issuer: lambdaConfig.COGNITO_ISSUER!,
      clientId: pool.userPoolClientId,
    });

    const runtimeConfig = localRuntimeConfig({
      region: settings.region,
      pool,
      appUrl,
      sesPort: settings.sesPort,
    });

    const dispatch = { run: () => runDispatch(root.dispatch) };
    const reports = localReportsApp(root, authenticate);
    const checkoutApp = createCheckoutApp({ authenticate, checkout: root.billing });
    const billingApp = createBillingApp({ authenticate, billing: root.billing });
    const holidaysApp = createHolidaysApp({ authenticate, holidays: createHolidaysDeps(root) });
    const app = createLocalApp({
      port: settings.appPort,
      allowedHosts: settings.allowedHosts,
      distDir: opts.distDir ?? settings.webDistDir,
      runtimeConfig: () => runtimeConfig,
      apiApps: [
        // The checkout and webhook Lambdas own these exact paths, as their API Gateway routes do.
        ...CHECKOUT_ROUTES.map((r) => ({ prefix: r.path, app: checkoutApp })),
        { prefix: WEBHOOK_PATH, app: createWebhookApp(root.billing) },
        // The billing Lambda owns the subscription routes (infra/lambda-entries.ts), as in AWS.
        ...SUBSCRIPTION_ROUTES.map((r) => ({ prefix: r.path, app: billingApp })),
        // The holidays Lambda owns the holiday calendar routes (date-holidays stays out of the api).
        ...HOLIDAY_ROUTES.map((r) => ({ prefix: r.path, app: holidaysApp })),
        // The public API's Lambda (`/v1/*`): it checks API keys itself, as behind API Gateway.
        { prefix: '/v1', app: createPublicApiApp({ ...root, log: lineLogger('public-api', log) }) },
        reports,
        {
          prefix: '/api',
          app: createApiApp({
            ...root,
            addressLookup: createAddressLookup(lambdaConfig),
            billing: undefined,
            authenticate,
            // The SES emulator bounces nothing: this route is how the demo and tests deliver SES events.
            emailEvents: {
              secret: emailEventsSecret,
              workers: root.workerStatus,
              suppressions: root.suppressions,
              clock: root.clock,
              stats: root.delivery,
            },
          }),
        },
      ],
      extraApps: [
        { paths: ['/__federation/*'], fetch: federation.front.fetch },
        ...files.apps,
        {
          paths: ['/__cognito', '/__cognito/'],
          fetch: createCognitoProxy({
            upstream: cognitoUrl,
            poolFile,
            hooks: mfa,
            onSignUpConfirmed: localPostConfirmation(root, mfa),
            userPoolId: () => pool.userPoolId,
            sendMail: async (mail) => {
              await mailer.send({ to: [mail.to], subject: mail.subject, text: mail.text });
            },
            signer,
            appOrigin: appUrl,
            // Cognito's pre-authentication trigger: no password sign-in for an address under SSO.
            passwordSignInRefusal: federation.passwordSignInRefusal,
          }).fetch,
        },
      ],
    });
    const server: ServerType = await listen(app, settings.appPort);
    let demoApiKeyFile: string | null = null; // The Enterprise API demo's key file (README "Use the API").
    if (opts.demo !== false && sandbox) {
      // The demo contractor on Premium and a first storm notice, so the product shows its point at once.
      const demo = { userId: demoUserId, email: DEMO_USERS.contractor.email };
      const access = { url: sandbox.url.replace('localhost', '127.0.0.1'), token: stripeSandboxToken! };
      await ensureDemoPremium(root, demo, access);
      await ensureDemoAlerts(root, demo);
      const apiDemo = await ensureUser(cognito, pool, DEMO_USERS.apiDemo);
      demoApiKeyFile = await ensureApiDemo(root, apiDemo, access, workDir);
    }
    const jobs = { dispatch: () => dispatch.run(), reports: () => reports.runSchedules() };
    const scheduler = opts.scheduler ? startScheduler(jobs, { log }) : null;

    return {
      settings,
      appUrl,
      mailboxUrl: runtimeConfig.mailboxUrl!,
      smsOutboxUrl: smsServer.url,
      cognitoUrl,
      dynamoUrl,
      lambdaConfig,
      runtimeConfig,
      runDispatch: () => dispatch.run(),
      stripeSandboxUrl: sandbox ? sandbox.url : null,
      stripeSandboxToken,
      stripeSandboxTokenFile: sandbox ? path.join(workDir, SANDBOX_TOKEN_FILE) : null,
      stripeWebhookSecret: stripeMode.webhookSecret,
      emailEventsSecret,
      adminTotpSecret,
      demoApiKeyFile,
      demoOidcProvider: federation.demoProvider,
      stop: async () => {
        scheduler?.stop();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all(closers.map((close) => close()));
        await stopProcesses();
        if (!settings.dataDir) fs.rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(closers.map((close) => close()));
    await stopProcesses();
    throw err;
  }
}
