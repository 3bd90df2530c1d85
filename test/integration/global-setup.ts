import fs from 'node:fs';
import path from 'node:path';
import { startTestStack } from '../support/stack-process';

export const STACK_FILE = path.resolve(__dirname, '../../.test-output/integration-stack.json');

/** Starts the same emulators `npm start` uses, on free ports, for the whole integration run. */
export default async function globalSetup(): Promise<void> {
  // Webhook retries a thousand times sooner, so a receiver that fails twice is retried within a test.
  const { info, stop } = await startTestStack(path.resolve(__dirname, '../..'), {
    RAINCHECK_WEBHOOK_RETRY_SCALE: '0.001',
  });
  fs.mkdirSync(path.dirname(STACK_FILE), { recursive: true });
  fs.writeFileSync(STACK_FILE, JSON.stringify(info));
  (globalThis as { __raincheckStop?: () => Promise<void> }).__raincheckStop = stop;
}
