import { SSO_TXT_LABEL } from '../../../shared/sso-names';
import type { DomainProof } from '../../core/sso/sso.ports';

/**
 * A domain is proven when `_raincheck-sso.<domain>` has a TXT record with the account's value. Any
 * DNS failure (no such name, no record, a timeout) reads as "not yet": the domain stays waiting.
 */
export class DnsDomainProof implements DomainProof {
  constructor(private readonly lookup: (name: string) => Promise<string[][]> = resolveTxtOnFirstUse) {}

  async proven(domain: string, expectedValue: string): Promise<boolean> {
    try {
      const records = await this.lookup(`${SSO_TXT_LABEL}.${domain}`);
      // A long TXT record comes back in 255-byte pieces: join them before comparing.
      return records.some((pieces) => pieces.join('') === expectedValue);
    } catch {
      return false;
    }
  }
}

/**
 * The local development switch (`RAINCHECK_SSO_TRUST_DOMAINS=true`): every domain counts as proven,
 * because a laptop has no public DNS zone to publish into. Never used in AWS (config refuses it there).
 */
export const trustEveryDomain: DomainProof = { proven: async () => true };

/** Node's resolver loaded on the first lookup: `node:dns/promises` costs ~7 ms of every api cold start. */
function resolveTxtOnFirstUse(name: string): Promise<string[][]> {
  return import('node:dns/promises').then((dns) => dns.resolveTxt(name));
}
