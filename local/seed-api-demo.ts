import fs from 'node:fs';
import path from 'node:path';
import type { CompositionRoot } from '../lambdas/composition-root';
import { tenantFromStore } from '../lambdas/core/caller';
import { createApiKey, hashApiKeySecret } from '../lambdas/core/api-keys/api-keys';
import { createJobsite } from '../lambdas/core/records/jobsites';
import { parseWith } from '../lambdas/core/validate';
import { jobsiteInputSchema } from '../shared/records/jobsite';
import type { SandboxAccess } from './stripe-sandbox/control-client';
import { ensureDemoPlan, ensureDemoProfile } from './seed';
import { DEMO_USERS } from './settings';

/** The file (in the stack's data folder) holding the API demo's key, read by the README's curl line. */
export const DEMO_API_KEY_FILE = 'demo-api-key';

/**
 * The README's "Use the API" works against `npm start` as written: a second demo account on
 * Enterprise (apiAccess), bought through the payments sandbox, with one jobsite and a `read` API key.
 * A key's secret is shown once and stored only as a hash, so the seed keeps the secret it made in the
 * local data folder (like the admin's TOTP secret) and makes a new key only when that one no longer
 * works (revoked, or a fresh table). Answers the key file's path. Local only: nothing here runs in AWS.
 */
export async function ensureApiDemo(
  root: CompositionRoot,
  userId: string,
  sandbox: SandboxAccess,
  dataDir: string,
): Promise<string> {
  const demo = { userId, email: DEMO_USERS.apiDemo.email };
  const tenant = tenantFromStore(demo.userId);
  await ensureDemoProfile(root, demo, { name: 'Avery Integrations', company: 'Summit Civil (API demo)' });
  await ensureDemoPlan(root, demo, sandbox, 'enterprise');

  const caller = { userId: demo.userId, email: demo.email, groups: [] };
  if ((await root.records.jobsites.list(tenant)).length === 0) {
    const fields = parseWith(jobsiteInputSchema, {
      name: 'Summit Bridge Deck',
      address: '400 SW 6th Ave, Portland, OR 97204',
      latitude: 45.5202,
      longitude: -122.6782,
    });
    await createJobsite(caller, fields, root);
  }

  const keyFile = path.join(dataDir, DEMO_API_KEY_FILE);
  const kept = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (kept) {
    const keys = await root.apiKeys.listForTenant(tenant);
    if (keys.some((k) => k.secretHash === hashApiKeySecret(kept))) return keyFile;
  }
  const created = await createApiKey(
    caller,
    { name: 'README demo key', scopes: ['read'] },
    { keys: root.apiKeys, accounts: root.accounts, clock: root.clock, ids: root.ids },
  );
  fs.writeFileSync(keyFile, `${created.secret}\n`, { mode: 0o600 });
  return keyFile;
}
