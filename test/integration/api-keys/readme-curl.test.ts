import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testStack } from '../stack';
import { callApi, newAccount, sandboxAccess } from '../../support/accounts';
import { createCompositionRoot } from '../../../lambdas/composition-root';
import { tenantFromStore } from '../../../lambdas/core/caller';
import { ensureApiDemo, DEMO_API_KEY_FILE } from '../../../local/seed-api-demo';
import { ROOT_DIR } from '../../../local/settings';

/**
 * Issue 23: the README's "Use the API" example works against `npm start` as written. The shell block
 * is read from README.md and run with `sh` (curl included) after pointing its two local facts at this
 * stack: the data folder (`.local/`) and the app's origin (`http://localhost:3000`). The key comes from
 * the same seed `npm start` runs (local/seed-api-demo.ts), on an account of this stack.
 */
const stack = testStack();
const root = createCompositionRoot(stack.lambdaConfig);
const run = promisify(execFile);

/** The first ```sh block under "## Use the API". */
function readmeApiBlock(): string {
  const readme = fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Use the API'));
  const block = /```sh\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ', 3)));
  if (!block) throw new Error('README.md has no sh block under "## Use the API"');
  return block[1]!;
}

describe("the README's Use the API example", () => {
  it("should list the API demo account's jobsites when its curl line runs as written against the stack", async () => {
    const block = readmeApiBlock();
    expect(block).toContain(`.local/${DEMO_API_KEY_FILE}`);
    expect(block).toContain('http://localhost:3000/v1/');
    const account = await newAccount(stack, 'readme-api');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-api-'));

    const keyFile = await ensureApiDemo(root, account.userId, sandboxAccess(stack), dataDir);
    const script = block
      .replaceAll('.local/', `${dataDir}/`)
      .replaceAll('http://localhost:3000', stack.appUrl);
    const { stdout } = await run('sh', ['-c', script], { cwd: ROOT_DIR });

    expect(keyFile).toBe(path.join(dataDir, DEMO_API_KEY_FILE));
    const answer = JSON.parse(stdout) as { data: { name: string }[]; nextCursor: string | null };
    expect(answer.data.map((j) => j.name)).toEqual(['Summit Bridge Deck']);
    expect(answer.nextCursor).toBeNull();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should keep the key across restarts and make a new one when it was revoked', async () => {
    const account = await newAccount(stack, 'readme-api-restart');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-api-'));
    const keyFile = await ensureApiDemo(root, account.userId, sandboxAccess(stack), dataDir);
    const first = fs.readFileSync(keyFile, 'utf8').trim();

    await ensureApiDemo(root, account.userId, sandboxAccess(stack), dataDir);
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(first);
    const [key] = await root.apiKeys.listForTenant(tenantFromStore(account.userId));
    expect(await root.apiKeys.revoke(tenantFromStore(account.userId), key!.id)).toBe(true);
    await ensureApiDemo(root, account.userId, sandboxAccess(stack), dataDir);
    const second = fs.readFileSync(keyFile, 'utf8').trim();

    expect(second).not.toBe(first);
    const call = (secret: string) =>
      callApi(stack, '/v1/jobsites?limit=10', { headers: { authorization: `Bearer ${secret}` } });
    expect((await call(first)).status).toBe(401);
    expect((await call(second)).status).toBe(200);
    expect((await root.records.jobsites.list(tenantFromStore(account.userId))).length).toBe(1);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
