import { SSO_MESSAGES } from '../../../shared/sso-names';
import type { TenantId } from '../caller';
import { ConflictError } from '../errors';
import type { Clock } from '../runtime.ports';
import type { SsoStore } from './sso.ports';

/**
 * How long a save may hold the account's lease. Far longer than the API Lambda runs (10 s; API
 * Gateway waits 29 s at most), so a holder has always finished or been stopped before its lease can
 * pass to another save (ADR 0011).
 */
export const SSO_SAVE_LEASE_MS = 60_000;
/** How long a save waits for the lease before answering 409: inside the API Lambda's 10 s, with room for its own save. */
export const SSO_SAVE_WAIT_MS = 8_000;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 400;

export interface SaveLeaseDeps {
  store: Pick<SsoStore, 'takeSaveLease' | 'releaseSaveLease'>;
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs one save of an account's SSO settings alone: the table and the identity provider are two
 * systems and Cognito has no conditional update, so two saves interleaving could leave each holding
 * a different save's values. The lease (a conditional write with an expiry) makes one account's saves
 * take turns; other accounts never wait. Released at the end, or left to expire if the process dies.
 */
export async function underSaveLease<T>(
  tenant: TenantId,
  deps: SaveLeaseDeps,
  save: () => Promise<T>,
): Promise<T> {
  const holder = globalThis.crypto.randomUUID();
  const giveUpAt = deps.clock.now().getTime() + SSO_SAVE_WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + SSO_SAVE_LEASE_MS).toISOString();
    if (await deps.store.takeSaveLease(tenant, { holder, until }, now.toISOString())) break;
    if (now.getTime() >= giveUpAt) throw new ConflictError(SSO_MESSAGES.saveInProgress);
    // Jittered, so waiting saves do not all ask again at the same instant.
    await deps.sleep(pause / 2 + Math.random() * (pause / 2));
  }
  try {
    return await save();
  } finally {
    await deps.store.releaseSaveLease(tenant, holder);
  }
}
