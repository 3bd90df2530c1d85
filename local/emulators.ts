import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startAndWait, startProcess, type ManagedProcess } from './processes';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

/** DynamoDB Local, AWS's own implementation, shipped inside an npm package; runs on Java 17. */
export async function startDynamoDbLocal(opts: {
  port: number;
  dataDir: string | null;
}): Promise<ManagedProcess> {
  const dir = path.join(packageDir('amplify-dynamodb-simulator'), 'emulator');
  const storage = opts.dataDir
    ? (fs.mkdirSync(path.join(opts.dataDir, 'dynamodb'), { recursive: true }),
      ['-dbPath', path.join(opts.dataDir, 'dynamodb'), '-sharedDb'])
    : ['-inMemory', '-sharedDb'];
  const proc = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(opts.port),
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir },
  );
  return startAndWait(proc, opts.port, 60_000);
}

/** cognito-local keeps its pools under `<cwd>/.cognito/db/<poolId>.json`. */
export function cognitoDataDir(baseDir: string): string {
  return path.join(baseDir, 'cognito');
}

export async function startCognitoLocal(opts: { port: number; dataDir: string }): Promise<ManagedProcess> {
  const cwd = cognitoDataDir(opts.dataDir);
  fs.mkdirSync(cwd, { recursive: true });
  const proc = startProcess(
    'cognito',
    process.execPath,
    [path.join(packageDir('cognito-local'), 'lib/bin/start.js')],
    {
      cwd,
      env: { HOST: '127.0.0.1', PORT: String(opts.port), DEBUG: '' },
    },
  );
  return startAndWait(proc, opts.port, 30_000);
}

/** aws-ses-v2-local: an SES API whose web page shows every email sent (memory only). */
export async function startSesLocal(opts: { port: number }): Promise<ManagedProcess> {
  const proc = startProcess(
    'ses',
    process.execPath,
    [
      path.join(packageDir('aws-ses-v2-local'), 'dist/cli.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(opts.port),
    ],
    {
      env: {
        AWS_SES_ACCOUNT: JSON.stringify({
          SendQuota: { Max24HourSend: 100000, MaxSendRate: 100, SentLast24Hours: 0 },
        }),
      },
    },
  );
  return startAndWait(proc, opts.port, 30_000);
}
