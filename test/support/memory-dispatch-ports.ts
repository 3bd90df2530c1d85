import type {
  ClaimRepo,
  Decision,
  DecisionRepo,
  MessageClaim,
} from '../../lambdas/core/dispatch/dispatch.ports';

/**
 * Unit tests' stand-ins for the day decisions and the message claims (DynamoDB in the product), keyed
 * by tenant as the table is: a claim is granted once per (tenant, jobsite, day, message, recipient),
 * as the conditional write grants it.
 */
export function memoryDecisionsAndClaims(): { decisions: DecisionRepo; claims: ClaimRepo } {
  const decided = new Map<string, Decision>();
  const claimed = new Map<string, 'PENDING' | 'SENT'>();
  const claimKey = (c: MessageClaim) =>
    [c.tenantId, c.jobsiteId, c.workDate, c.messageKey, c.recipient].join('|');
  return {
    decisions: {
      get: async (t, jobsiteId, workDate) => decided.get(`${t}|${jobsiteId}|${workDate}`) ?? null,
      put: async (d) => void decided.set(`${d.tenantId}|${d.jobsiteId}|${d.workDate}`, d),
      listRange: async () => [...decided.values()],
      mark: async () => false,
    },
    claims: {
      claim: async (c) => (claimed.has(claimKey(c)) ? false : (claimed.set(claimKey(c), 'PENDING'), true)),
      markSent: async (c) => void claimed.set(claimKey(c), 'SENT'),
      release: async (c) => void claimed.delete(claimKey(c)),
      listRecent: async () => [],
    },
  };
}
