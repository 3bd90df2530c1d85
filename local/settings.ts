import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllowedHosts } from './host-guard';

/** The embedded stack's ports and folders; every one can be overridden from the environment. */
export interface LocalSettings {
  appPort: number;
  dynamoPort: number;
  cognitoPort: number;
  sesPort: number;
  /** The local SMS server: End User Messaging's API and the phone outbox (RAINCHECK_SMS_PORT). */
  smsPort: number;
  /** Where data survives restarts (git-ignored). Null keeps everything in memory (tests). */
  dataDir: string | null;
  region: string;
  tableName: string;
  /** The built SPA the server serves. */
  webDistDir: string;
  /**
   * Host names the local servers answer besides localhost, 127.0.0.1 and [::1]
   * (RAINCHECK_ALLOWED_HOSTS, comma-separated); any other Host gets 421 (DNS rebinding).
   */
  allowedHosts: string[];
}

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`Not a port number: ${value}`);
  return n;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  return {
    appPort: port(env.RAINCHECK_PORT, 3000),
    dynamoPort: port(env.RAINCHECK_DYNAMODB_PORT, 8000),
    cognitoPort: port(env.RAINCHECK_COGNITO_PORT, 9229),
    sesPort: port(env.RAINCHECK_SES_PORT, 8005),
    smsPort: port(env.RAINCHECK_SMS_PORT, 8006),
    dataDir: env.RAINCHECK_DATA_DIR ?? path.join(ROOT_DIR, '.local'),
    region: 'us-east-1',
    tableName: 'raincheck-local',
    webDistDir: env.RAINCHECK_WEB_DIST ?? path.join(ROOT_DIR, 'web', 'dist'),
    allowedHosts: parseAllowedHosts(env.RAINCHECK_ALLOWED_HOSTS),
  };
}

/** Demo sign-ins seeded on every start (idempotent). */
export const DEMO_USERS = {
  contractor: { email: 'demo@raincheck.local', password: 'Demo-Passw0rd!', groups: [] as string[] },
  admin: { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!', groups: ['admins'] },
  /** On Enterprise, with an API key in the data folder: the README's "Use the API" (local/seed-api-demo.ts). */
  apiDemo: { email: 'api-demo@raincheck.local', password: 'Api-Demo-Passw0rd!', groups: [] as string[] },
} as const;

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
