import fs from 'node:fs';
import path from 'node:path';
import { startTestStack } from '../support/stack-process';

export const STACK_FILE = path.resolve(__dirname, '../../.test-output/integration-stack.json');

/** Starts the same emulators `npm start` uses, on free ports, for the whole integration run. */
export default async function globalSetup(): Promise<void> {
  const { info, stop } = await startTestStack(path.resolve(__dirname, '../..'));
  fs.mkdirSync(path.dirname(STACK_FILE), { recursive: true });
  fs.writeFileSync(STACK_FILE, JSON.stringify(info));
  (globalThis as { __raincheckStop?: () => Promise<void> }).__raincheckStop = stop;
}
