import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { StackInfo } from '../../local/stack-info';
import { stopProcessGroup } from '../../local/process-group';

/** What the test stack's READY line says (local/stack-info.ts). */
export type TestStackInfo = StackInfo;

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
    stop: () => stopProcessGroup(child, exited, 15_000),
  };
}
