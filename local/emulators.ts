import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BROWSER_TARGETS } from './cognito-requests';
import { startAndWait, startProcess, type ManagedProcess } from './processes';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Every emulator listens here only: nothing of the local stack is reachable from another machine. */
export const LOOPBACK = '127.0.0.1';

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

/**
 * DynamoDB Local, AWS's own implementation, shipped inside an npm package; runs on Java 17.
 *
 * It has no host option and its Jetty server listens on every interface, so it is started through
 * local/dynamodb-loopback.java (Java's single-file source launcher, no build step): the same server its
 * own main builds, with the Jetty connectors bound to 127.0.0.1 before start. No `-cors` option: without
 * it DynamoDB Local sends no Access-Control-Allow-Origin, so web pages cannot call it.
 */
export async function startDynamoDbLocal(opts: {
  port: number;
  dataDir: string | null;
}): Promise<ManagedProcess> {
  const dir = path.join(packageDir('amplify-dynamodb-simulator'), 'emulator');
  const lib = path.join(dir, 'DynamoDBLocal_lib');
  const storage = opts.dataDir
    ? (fs.mkdirSync(path.join(opts.dataDir, 'dynamodb'), { recursive: true }),
      ['-dbPath', path.join(opts.dataDir, 'dynamodb'), '-sharedDb'])
    : ['-inMemory', '-sharedDb'];
  const proc = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${lib}`,
      `-Draincheck.host=${LOOPBACK}`,
      '-cp',
      [path.join(dir, 'DynamoDBLocal.jar'), path.join(lib, '*')].join(path.delimiter),
      path.join(HERE, 'dynamodb-loopback.java'),
      '-port',
      String(opts.port),
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir },
  );
  // The source launcher compiles first: allow for it on a busy machine.
  try {
    return await startAndWait(proc, opts.port, 90_000);
  } catch (err) {
    throw new Error(
      'DynamoDB Local did not start. It is launched through local/dynamodb-loopback.java, which needs a ' +
        `full JDK 17 (java and its compiler, e.g. openjdk-17-jdk-headless).\n${(err as Error).message}`,
      { cause: err },
    );
  }
}

/** cognito-local keeps its pools under `<cwd>/.cognito/db/<poolId>.json`. */
export function cognitoDataDir(baseDir: string): string {
  return path.join(baseDir, 'cognito');
}

/**
 * Operations Cognito itself answers without AWS credentials (public, or authorized by a user's token).
 * Everything else (Admin*, ListUsers, pool and group management) needs a signed request.
 */
export const COGNITO_PUBLIC_TARGETS: ReadonlySet<string> = new Set([
  // What the browser may ask through the proxy, and the token-authorized operations it does not offer.
  ...BROWSER_TARGETS,
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'DeleteUser',
  'DeleteUserAttributes',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

export interface GateRequest {
  method: string;
  /** The request's path (and query); absent: not an OAuth request. */
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The header by which the federation front (local/federation) proves it asks for a sign-in code. */
export const FEDERATION_GATE_HEADER = 'x-raincheck-federation';

/**
 * Why the gate in front of cognito-local refuses a request, or null to let it through. cognito-local
 * answers every operation without credentials and with `Access-Control-Allow-Origin: *`; the gate makes
 * it (on loopback) what it is in AWS for a web page: unreachable except through the app's /__cognito proxy.
 *  - Any request a browser made for a page (it carries `Origin`) and every CORS preflight is refused:
 *    the SPA reaches Cognito only through the proxy, from the server, which sends no Origin.
 *  - The Host must be this loopback port, so a page on a rebinding DNS name cannot reach it.
 *  - Operations that need AWS credentials in AWS need an AWS Signature V4 header. The local key is a
 *    published dummy (local/settings.ts): this keeps browsers out, not local processes, which can read
 *    the pool file on disk anyway. Local tokens prove nothing outside this machine.
 *  - The OAuth endpoints (issue 24): `POST /oauth2/token` is public, as at Cognito's managed login
 *    (the code and its PKCE verifier are the proof); `POST /oauth2/authorize` signs a user in by
 *    username and password, which only the federation front may do, with the stack's secret.
 */
export function cognitoGateRefusal(req: GateRequest, port: number, federationSecret?: string): string | null {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const host = (header('host') ?? '').toLowerCase();
  if (host !== `${LOOPBACK}:${port}` && host !== `localhost:${port}`) {
    return 'cognito-local answers requests for its loopback address only.';
  }
  if (req.method === 'OPTIONS' || header('origin') !== undefined) {
    return 'cognito-local is not for web pages: the app reaches Cognito through /__cognito.';
  }
  if (req.method !== 'POST') return null;
  const path = (req.url ?? '').split('?')[0];
  if (path === '/oauth2/token') return null;
  if (path === '/oauth2/authorize') {
    const given = header(FEDERATION_GATE_HEADER) ?? '';
    return federationSecret &&
      given.length === federationSecret.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(federationSecret))
      ? null
      : 'Sign-in through /oauth2/authorize is for the federation front only.';
  }
  const target = /^AWSCognitoIdentityProviderService\.(\w+)$/.exec(header('x-amz-target') ?? '')?.[1];
  if (target && COGNITO_PUBLIC_TARGETS.has(target)) return null;
  if (/^AWS4-HMAC-SHA256 Credential=[^/\s]+\//.test(header('authorization') ?? '')) return null;
  return `${target ?? 'This operation'} needs AWS credentials.`;
}

/**
 * cognito-local behind the gate above, in one child process (local/cognito-local-gated.ts), on
 * 127.0.0.1 only. Its data lives under `<dataDir>/cognito/.cognito/db`. Its JWKS is the stack's key.
 */
export async function startCognitoLocal(opts: {
  port: number;
  dataDir: string;
  /** The public JWKS of the stack's signing key, served at `/<poolId>/.well-known/jwks.json`. */
  jwksFile: string;
  /** What the federation front sends to be let through to `POST /oauth2/authorize`. */
  federationSecret: string;
}): Promise<ManagedProcess> {
  const cwd = cognitoDataDir(opts.dataDir);
  fs.mkdirSync(cwd, { recursive: true });
  const proc = startProcess(
    'cognito',
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(HERE, 'cognito-local-gated.ts')],
    {
      cwd,
      env: {
        HOST: LOOPBACK,
        PORT: String(opts.port),
        DEBUG: '',
        RAINCHECK_JWKS_FILE: opts.jwksFile,
        RAINCHECK_FEDERATION_SECRET: opts.federationSecret,
      },
    },
  );
  return startAndWait(proc, opts.port, 30_000);
}

/** aws-ses-v2-local: an SES API whose web page shows every email sent (memory only), on 127.0.0.1. */
export async function startSesLocal(opts: { port: number; maxSendRate?: number }): Promise<ManagedProcess> {
  const proc = startProcess(
    'ses',
    process.execPath,
    [
      path.join(packageDir('aws-ses-v2-local'), 'dist/cli.js'),
      '--host',
      LOOPBACK,
      '--port',
      String(opts.port),
    ],
    {
      env: {
        // GetAccount answers only a complete account; its MaxSendRate paces every sender together
        // (core/limits/shared-send-rate.ts), as a production SES account's quota does.
        AWS_SES_ACCOUNT: JSON.stringify({
          DedicatedIpAutoWarmupEnabled: false,
          Details: {
            AdditionalContactEmailAddresses: [],
            ContactLanguage: 'EN',
            MailType: 'TRANSACTIONAL',
            ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
            UseCaseDescription: 'Weather-delay notices to construction crews (local emulator)',
            WebsiteURL: 'http://localhost',
          },
          EnforcementStatus: 'HEALTHY',
          ProductionAccessEnabled: true,
          SendingEnabled: true,
          SendQuota: { Max24HourSend: 1_000_000, MaxSendRate: opts.maxSendRate ?? 100, SentLast24Hours: 0 },
          SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
        }),
      },
    },
  );
  return startAndWait(proc, opts.port, 30_000);
}
