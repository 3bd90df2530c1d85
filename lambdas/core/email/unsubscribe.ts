import type { Jobsite, Worker, WorkerStatus } from '../../../shared/records';
import type { BrandLookup } from '../brand/brand';
import type { BrandLook } from '../../../shared/brand';
import type { AccountRepo } from '../account/account.ports';
import { tenantFromStore, type TenantId } from '../caller';
import type { JobsiteRepo } from '../records/records.ports';
import { workersOfJobsite } from '../../../shared/records/jobsite-people';
import { ValidationError } from '../errors';
import { LinkSigner, VersionedToken } from '../link-signer';
import type { Clock } from '../runtime.ports';
import { suppressAddress, type SuppressionDeps } from './suppression';

/** Who an unsubscribe link stands for. */
export interface UnsubscribeClaims {
  tenantId: string;
  workerId: string;
  email: string;
}

/** The version of the token format; a new format (or key) gets a new version, old links keep working. */
const VERSION = 'u1';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Open the link from the email again, or ask your contractor to take you off their list.';

/**
 * Signed unsubscribe tokens: `u1.<claims, base64url JSON>.<HMAC-SHA256, base64url>`. No expiry (a
 * link in an old email must still work); the worker, the account and the address are all bound, so
 * a link can only ever stop that address for that account. `previousSecrets` keep links signed
 * before a key rotation valid.
 */
export class UnsubscribeTokens {
  private readonly tokens: VersionedToken;

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    const signer = new LinkSigner(null, secret, previousSecrets, 'The unsubscribe secret');
    this.tokens = new VersionedToken(signer, VERSION, 2048);
  }

  sign(claims: UnsubscribeClaims): string {
    return this.tokens.sign({ t: claims.tenantId, w: claims.workerId, e: claims.email.toLowerCase() });
  }

  /** The claims of a genuine token, or null for anything else (tampered, truncated, other version). */
  verify(token: string): UnsubscribeClaims | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const claims = this.tokens.verify(token.trim());
    if (!claims) return null;
    const { t, w, e } = claims;
    if (typeof t !== 'string' || typeof w !== 'string' || typeof e !== 'string' || !t || !w || !e)
      return null;
    return { tenantId: t, workerId: w, email: e };
  }

  /** `<appOrigin>/unsubscribe?token=…`: the SPA page that confirms, and the `List-Unsubscribe` URL. */
  url(appOrigin: string, claims: UnsubscribeClaims): string {
    return `${appOrigin.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(this.sign(claims))}`;
  }
}

/** Whether a worker may be sent anything: unsubscribed and bounced addresses never are. */
export function canReceive(worker: Pick<Worker, 'status'>): boolean {
  return worker.status === 'active';
}

export interface UnsubscribeDeps extends SuppressionDeps {
  tokens: Pick<UnsubscribeTokens, 'verify'>;
  /** The account's jobsites, to name the ones the worker hears about. */
  jobsites: Pick<JobsiteRepo, 'list' | 'usesOf' | 'getMany'>;
  accounts?: Pick<AccountRepo, 'getProfile'>;
  clock: Clock;
  /** The account's active brand: the page carries it (issue 24). */
  brands?: BrandLookup;
}

/** The body of `GET|POST /api/unsubscribe`. */
export interface UnsubscribeView {
  email: string;
  status: WorkerStatus;
  /** The contractor's company name, when it set one. */
  sender: string | null;
  /** The jobsites this address hears about (empty once the worker is gone). */
  jobsiteNames: string[];
  /** The contractor's brand while it has white-labelling; absent: Raincheck's look. */
  brand?: BrandLook | null;
}

function claimsOf(token: string, deps: UnsubscribeDeps): UnsubscribeClaims {
  const claims = deps.tokens.verify(token);
  if (!claims) throw new ValidationError('token', INVALID_UNSUBSCRIBE_LINK);
  return claims;
}

async function viewOf(
  claims: UnsubscribeClaims,
  worker: Worker | null,
  deps: UnsubscribeDeps,
): Promise<UnsubscribeView> {
  const tenant = tenantFromStore(claims.tenantId);
  const [profile, brand] = await Promise.all([
    deps.accounts ? deps.accounts.getProfile(claims.tenantId).catch(() => null) : null,
    deps.brands ? deps.brands(tenant) : null,
  ]);
  const sender = brand?.companyName ?? profile?.company ?? null;
  const look = brand ? { brand } : {};
  // A worker deleted, or moved to another address, gets nothing at this address any more.
  if (!worker || worker.email !== claims.email)
    return {
      email: claims.email,
      status: 'unsubscribed',
      sender,
      jobsiteNames: [],
      ...look,
    };
  const jobsiteNames = (await jobsitesHeardBy(tenant, worker, deps.jobsites))
    .map((j) => j.name)
    .sort((a, b) => a.localeCompare(b));
  return { email: claims.email, status: worker.status, sender, jobsiteNames, ...look };
}

/**
 * The jobsites whose notices reach the worker (named, foreman, or through a crew): from the jobsites'
 * back-references to the worker and its crews, then those jobsites by key, so the page costs the same
 * in an account of 50 jobsites or 5,000; else the account's list. Each is checked on its own record.
 */
export async function jobsitesHeardBy(
  tenant: TenantId,
  worker: Worker,
  jobsites: UnsubscribeDeps['jobsites'],
): Promise<Jobsite[]> {
  const hears = (j: Jobsite) => workersOfJobsite(j, [worker]).length > 0;
  if (!jobsites.usesOf || !jobsites.getMany) return (await jobsites.list(tenant)).filter(hears);
  const uses = await Promise.all([
    jobsites.usesOf(tenant, 'worker', worker.id),
    ...worker.crewIds.map((crewId) => jobsites.usesOf!(tenant, 'crew', crewId)),
  ]);
  const ids = new Set(uses.flatMap((u) => u.jobsiteIds));
  const found = await jobsites.getMany([...ids].map((id) => ({ tenant, id })));
  return [...found.values()].filter(hears);
}

/** `GET /api/unsubscribe?token=`: who the link stands for, so the page can ask before acting. */
export async function describeUnsubscribe(token: string, deps: UnsubscribeDeps): Promise<UnsubscribeView> {
  const claims = claimsOf(token, deps);
  const worker = await deps.workers.get(tenantFromStore(claims.tenantId), claims.workerId);
  return viewOf(claims, worker, deps);
}

/**
 * `POST /api/unsubscribe`: the address goes on the account's suppression list and every worker
 * record of it in that account is marked unsubscribed (the link names the address for that account,
 * not only one record). Idempotent; a bounced worker stays bounced.
 */
export async function confirmUnsubscribe(token: string, deps: UnsubscribeDeps): Promise<UnsubscribeView> {
  const claims = claimsOf(token, deps);
  const tenant = tenantFromStore(claims.tenantId);
  await suppressAddress(
    { tenant, email: claims.email, reason: 'unsubscribed', at: deps.clock.now().toISOString() },
    deps,
  );
  const worker = await deps.workers.get(tenant, claims.workerId);
  return viewOf(claims, worker, deps);
}
