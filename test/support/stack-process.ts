import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LambdaConfig } from '../../lambdas/config';
import type { RuntimeConfig } from '../../shared/runtime-config';

export interface TestStackInfo {
  appUrl: string;
  mailboxUrl: string;
  /** The local SMS server's phone outbox (GET /messages, POST /inbound). */
  smsOutboxUrl: string;
  cognitoUrl: string;
  dynamoUrl: string;
  lambdaConfig: LambdaConfig;
  runtimeConfig: RuntimeConfig;
  /** The local payments sandbox (null when real Stripe keys are set). */
  stripeSandboxUrl: string | null;
  /** Its control token (header x-sandbox-token), also kept in the stack's data folder at the file named. */
  stripeSandboxToken: string | null;
  stripeSandboxTokenFile: string | null;
  stripeWebhookSecret: string;
  emailEventsSecret: string;
  /** The seeded admin's TOTP secret: `signIn` answers the admin's second-factor challenge with it. */
  adminTotpSecret: string;
  /** The stack's demo OIDC provider (any typed address signs in) and its client (issue 24). */
  demoOidcProvider: { issuer: string; clientId: string; clientSecret: string };
}

const READY = 'RAINCHECK_STACK_READY ';

/**
 * Runs local/serve-for-tests.ts in its own process group (the emulators are child processes) and
 * resolves with its READY info. `stop` ends the whole group.
 */
export async function startTestStack(
  rootDir: string,
  env: Record<string, string> = {},
): Promise<{ info: TestStackInfo; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'local/serve-for-tests.ts')], {
    cwd: rootDir,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const info = await new Promise<TestStackInfo>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Test stack did not start in 120 s:\n${output}`)),
      120_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY.length)) as TestStackInfo);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // RAINCHECK_STACK_LOG=<file> keeps everything the stack prints, for debugging a failed run.
    if (process.env.RAINCHECK_STACK_LOG) {
      const log = fs.createWriteStream(process.env.RAINCHECK_STACK_LOG, { flags: 'a' });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Test stack exited (${code}) before it was ready:\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    info,
    stop: async () => {
      if (child.exitCode !== null || !child.pid) return;
      process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
