import {
  BRAND_LIMITS,
  BRAND_MESSAGES,
  LOGO_CONTENT_TYPES,
  LOGO_EXTENSIONS,
  brandLook,
  logoPublicPrefix,
  logoUploadPrefix,
  type Brand,
  type BrandInput,
  type BrandLook,
  type LogoContentType,
  type PresignedUpload,
} from '../../../shared/brand';
import { planHas, planRefusal } from '../../../shared/plan-refusal';
import type { PlanId } from '../../../shared/plans';
import { effectivePlan } from '../../../shared/subscription';
import type { AccountRepo } from '../account/account.ports';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ForbiddenError, ValidationError } from '../errors';
import type { Clock, IdGenerator } from '../runtime.ports';
import type { BrandStore, FileStorage, StoredBrand } from './brand.ports';
import { svgProblem } from './svg-check';

export interface BrandDeps {
  brands: BrandStore;
  storage: FileStorage;
  accounts: Pick<AccountRepo, 'getSubscription' | 'getProfile'>;
  clock: Clock;
  ids: IdGenerator;
}

async function planOf(tenant: TenantId, accounts: Pick<AccountRepo, 'getSubscription'>): Promise<PlanId> {
  const sub = await accounts.getSubscription(tenant);
  return sub ? effectivePlan(sub) : 'none';
}

/** Refuses (403, naming the plan) an account whose plan lacks `whiteLabeling`. */
async function assertWhiteLabeling(tenant: TenantId, deps: Pick<BrandDeps, 'accounts'>): Promise<void> {
  const plan = await planOf(tenant, deps.accounts);
  if (!planHas(plan, 'whiteLabeling')) throw new ForbiddenError(planRefusal('whiteLabeling', plan));
}

function assertMayEdit(caller: Caller): void {
  if (caller.role === 'viewer' || caller.role === 'support')
    throw new ForbiddenError(BRAND_MESSAGES.viewerCannotEdit);
}

const toBrand = (stored: StoredBrand, storage: Pick<FileStorage, 'publicUrl'>): Brand => ({
  companyName: stored.companyName,
  colour: stored.colour,
  footer: stored.footer,
  logoUrl: stored.logoKey ? storage.publicUrl(stored.logoKey) : null,
});

/** Raincheck's own look: what an account that has not set a brand starts from in the form. */
async function startingBrand(tenant: TenantId, deps: Pick<BrandDeps, 'accounts'>): Promise<Brand> {
  const profile = await deps.accounts.getProfile(tenant);
  return { companyName: profile?.company ?? '', colour: '#1864ab', footer: '', logoUrl: null };
}

/** `GET /api/account/brand`: any member of an Enterprise account (the header shows the logo to all). */
export async function getBrand(caller: Caller, deps: BrandDeps): Promise<Brand> {
  const tenant = tenantOf(caller);
  await assertWhiteLabeling(tenant, deps);
  const stored = await deps.brands.get(tenant);
  return stored ? toBrand(stored, deps.storage) : startingBrand(tenant, deps);
}

/** `POST /api/account/brand/logo-upload`: a presigned POST into the account's upload prefix. */
export async function createLogoUpload(
  caller: Caller,
  contentType: LogoContentType,
  deps: BrandDeps,
): Promise<PresignedUpload> {
  const tenant = tenantOf(caller);
  assertMayEdit(caller);
  await assertWhiteLabeling(tenant, deps);
  const prefix = logoUploadPrefix(tenant);
  return deps.storage.presignUpload({
    key: `${prefix}${deps.ids.next()}`,
    keyPrefix: prefix,
    contentType,
    maxBytes: BRAND_LIMITS.logoBytes,
    expiresSeconds: BRAND_LIMITS.uploadSeconds,
  });
}

/** The file's first bytes say what it is; the type the browser declared must agree. */
function sniff(bytes: Uint8Array): LogoContentType | 'text' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return 'text';
}

/**
 * Checks an uploaded logo and copies it to the served prefix under a fresh name. Uploads wait under
 * `uploads/` (never served), so a file that fails the checks is never reachable from the app's origin.
 */
async function adoptLogo(tenant: TenantId, key: string, deps: BrandDeps): Promise<string> {
  if (!key.startsWith(logoUploadPrefix(tenant)) || key.includes('..'))
    throw new ValidationError('logoKey', BRAND_MESSAGES.logoKeyOutside);
  const object = await deps.storage.read(key, BRAND_LIMITS.logoBytes);
  if (!object) throw new ValidationError('logoKey', BRAND_MESSAGES.logoMissing);
  if (object.bytes.length > BRAND_LIMITS.logoBytes)
    throw new ValidationError('logo', BRAND_MESSAGES.logoTooLarge);
  const type = LOGO_CONTENT_TYPES.find((t) => t === object.contentType);
  if (!type) throw new ValidationError('logo', BRAND_MESSAGES.logoWrongType);
  const sniffed = sniff(object.bytes);
  if (type === 'image/svg+xml') {
    if (sniffed !== 'text') throw new ValidationError('logo', BRAND_MESSAGES.logoNotMatchingType);
    const problem = svgProblem(new TextDecoder('utf-8', { fatal: false }).decode(object.bytes));
    if (problem)
      throw new ValidationError(
        'logo',
        `${problem}; logos may not hold scripts, event handlers, foreignObject or outside references`,
      );
  } else if (sniffed !== type) {
    throw new ValidationError('logo', BRAND_MESSAGES.logoNotMatchingType);
  }
  const served = `${logoPublicPrefix(tenant)}${deps.ids.next()}.${LOGO_EXTENSIONS[type]}`;
  await deps.storage.write(served, object.bytes, type);
  return served;
}

/** `PUT /api/account/brand`: owner or manager of an Enterprise account. Safe to repeat. */
export async function putBrand(caller: Caller, input: BrandInput, deps: BrandDeps): Promise<Brand> {
  const tenant = tenantOf(caller);
  assertMayEdit(caller);
  await assertWhiteLabeling(tenant, deps);
  const current = await deps.brands.get(tenant);
  let logoKey: string | null;
  if (input.logoKey) logoKey = await adoptLogo(tenant, input.logoKey, deps);
  else if (input.logoUrl === null) logoKey = null;
  else if (current?.logoKey && input.logoUrl === deps.storage.publicUrl(current.logoKey))
    logoKey = current.logoKey;
  else throw new ValidationError('logoUrl', BRAND_MESSAGES.logoUrlUnknown);
  const stored: StoredBrand = {
    companyName: input.companyName,
    colour: input.colour,
    footer: input.footer,
    logoKey,
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.brands.put(tenant, stored);
  return toBrand(stored, deps.storage);
}

/**
 * The brand a worker-facing message or page of this account carries: the stored brand while the
 * account's plan has white-labelling, else null (Raincheck's own look).
 */
export async function activeBrand(
  tenant: TenantId,
  deps: Pick<BrandDeps, 'brands' | 'accounts'> & { storage: Pick<FileStorage, 'publicUrl'> },
): Promise<BrandLook | null> {
  const [stored, plan] = await Promise.all([deps.brands.get(tenant), planOf(tenant, deps.accounts)]);
  if (!stored || !planHas(plan, 'whiteLabeling')) return null;
  return brandLook(toBrand(stored, deps.storage));
}

/**
 * The lookup the dispatch, the senders and the public pages share. `storedOf`, where the store
 * reads many at once: the looks of the accounts' stored brands in one batched read, for a caller
 * that knows the accounts' plans already (the dispatch's batch) and shows a brand only where the
 * plan has white-labelling.
 */
export type BrandLookup = ((tenant: TenantId) => Promise<BrandLook | null>) & {
  storedOf?: (tenants: readonly TenantId[]) => Promise<Map<string, BrandLook>>;
};

export function brandLookup(deps: Parameters<typeof activeBrand>[1]): BrandLookup {
  const lookup: BrandLookup = (tenant) => activeBrand(tenant, deps);
  const { getMany } = deps.brands;
  if (getMany)
    lookup.storedOf = async (tenants) => {
      const stored = await getMany.call(deps.brands, tenants);
      return new Map([...stored].map(([t, b]) => [t, brandLook(toBrand(b, deps.storage))]));
    };
  return lookup;
}
