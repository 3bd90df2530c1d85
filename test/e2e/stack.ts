import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestStackInfo } from '../support/stack-process';

// Written by global-setup.ts, one per port (parallel runs on other ports must not share it).
const FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../.test-output/e2e-stack-${process.env.RAINCHECK_E2E_PORT ?? 3310}.json`,
);

export function e2eStack(): TestStackInfo {
  return JSON.parse(fs.readFileSync(FILE, 'utf8')) as TestStackInfo;
}

export const DEMO = { email: 'demo@raincheck.local', password: 'Demo-Passw0rd!' };
export const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };
