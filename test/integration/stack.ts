import fs from 'node:fs';
import path from 'node:path';
import type { TestStackInfo } from '../support/stack-process';

/** What the global setup started, read by each test file. */
export function testStack(): TestStackInfo {
  const file = path.resolve(__dirname, '../../.test-output/integration-stack.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TestStackInfo;
}
