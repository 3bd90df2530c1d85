import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_SECRET_PREFIX,
  API_KEY_SHOWN_PREFIX_LENGTH,
  type ApiKeySummary,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../shared/api-keys';
import type { PlanId } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo } from '../account/account.ports';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ForbiddenError, NotFoundError } from '../errors';
import { assertKnownIdShape } from '../known-id';
import { planHas, planRefusal } from '../../../shared/plan-refusal';
import type { Clock, IdGenerator } from '../runtime.ports';
import type { ApiKeyStore, StoredApiKey } from './api-keys.ports';

export interface ApiKeysDeps {
  keys: ApiKeyStore;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  clock: Clock;
  ids: IdGenerator;
}

/** Only the hash is stored: a leaked table does not leak working keys. */
export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The UTC day a call is counted on. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The plan whose features apply to the account now, from its stored subscription. */
export async function accountPlan(
  tenant: TenantId,
  accounts: Pick<AccountRepo, 'getSubscription'>,
): Promise<PlanId> {
  const sub = await accounts.getSubscription(tenant);
  return sub ? effectivePlan(sub) : 'none';
}

/** Refuses (403, naming the plan) an account whose plan lacks the plan-gated `feature`. */
export async function assertAccountHas(
  tenant: TenantId,
  accounts: Pick<AccountRepo, 'getSubscription'>,
  feature: Parameters<typeof planHas>[1],
): Promise<void> {
  const plan = await accountPlan(tenant, accounts);
  if (!planHas(plan, feature)) throw new ForbiddenError(planRefusal(feature, plan));
}

/** Refuses (403, naming the plan) an account whose plan lacks `apiAccess`. */
export const assertApiAccess = (tenant: TenantId, accounts: Pick<AccountRepo, 'getSubscription'>) =>
  assertAccountHas(tenant, accounts, 'apiAccess');

/** Keys act with the account's data: a read-only member (or support) does not hand them out. */
function assertMayManage(caller: Caller): void {
  if (caller.role === 'viewer' || caller.role === 'support')
    throw new ForbiddenError(API_KEY_MESSAGES.viewerCannotManage);
}

/** A new key: the secret (≥ 32 random bytes) is answered once and only its hash is kept. */
export async function createApiKey(
  caller: Caller,
  input: CreateApiKeyInput,
  deps: ApiKeysDeps,
): Promise<CreatedApiKey> {
  const tenant = tenantOf(caller);
  assertMayManage(caller);
  await assertApiAccess(tenant, deps.accounts);
  const secret = API_KEY_SECRET_PREFIX + randomBytes(32).toString('base64url');
  const key: StoredApiKey = {
    id: deps.ids.next(),
    tenantId: tenant,
    secretHash: hashApiKeySecret(secret),
    name: input.name,
    prefix: secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
    scopes: input.scopes.includes('write') ? ['read', 'write'] : ['read'],
    createdAt: deps.clock.now().toISOString(),
    createdBy: caller.email,
    lastUsedAt: null,
    callsByDay: {},
  };
  await deps.keys.create(key);
  return { id: key.id, secret, prefix: key.prefix };
}

export function summaryOf(key: StoredApiKey, now: Date): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    createdAt: key.createdAt,
    createdBy: key.createdBy,
    lastUsedAt: key.lastUsedAt,
    callsToday: key.callsByDay[utcDay(now)] ?? 0,
  };
}

/** The account's keys, newest first. Listing works on any plan, so a downgraded account still sees what to revoke. */
export async function listApiKeys(caller: Caller, deps: ApiKeysDeps): Promise<ApiKeySummary[]> {
  const keys = await deps.keys.listForTenant(tenantOf(caller));
  const now = deps.clock.now();
  return keys.map((k) => summaryOf(k, now)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Revokes at once: the key's item is gone, so its next call finds nothing (401). Any plan may revoke. */
export async function revokeApiKey(caller: Caller, id: string, deps: ApiKeysDeps): Promise<void> {
  assertMayManage(caller);
  assertKnownIdShape(id, API_KEY_MESSAGES.notFound);
  if (!(await deps.keys.revoke(tenantOf(caller), id))) throw new NotFoundError(API_KEY_MESSAGES.notFound);
}
