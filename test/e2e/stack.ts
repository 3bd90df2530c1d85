import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestStackInfo } from '../support/stack-process';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/e2e-stack.json');

export function e2eStack(): TestStackInfo {
  return JSON.parse(fs.readFileSync(FILE, 'utf8')) as TestStackInfo;
}

export const DEMO = { email: 'demo@raincheck.local', password: 'Demo-Passw0rd!' };
export const ADMIN = { email: 'admin@raincheck.local', password: 'Admin-Passw0rd!' };
