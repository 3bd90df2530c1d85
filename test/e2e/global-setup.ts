import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '../support/stack-process';
import { E2E_PORT } from './playwright.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// One file per port: parallel runs on other ports (RAINCHECK_E2E_PORT) must not read each other's stack.
export const E2E_STACK_FILE = path.join(ROOT, `.test-output/e2e-stack-${E2E_PORT}.json`);

/** Starts the whole product (emulators + one origin) in memory for the browser tests. */
export default async function globalSetup() {
  const { info, stop } = await startTestStack(ROOT, { RAINCHECK_PORT: String(E2E_PORT) });
  fs.mkdirSync(path.dirname(E2E_STACK_FILE), { recursive: true });
  fs.writeFileSync(E2E_STACK_FILE, JSON.stringify(info));
  return async () => stop();
}
