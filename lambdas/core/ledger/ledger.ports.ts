import type { TenantId } from '../caller';
import type { SentMessage } from '../dispatch/dispatch.ports';

/** Every message claimed about a jobsite's working days (the evidence's "who was told, when"). */
export interface DayMessages {
  /** Claims for work dates from `from` to `to` (inclusive), whatever their status. */
  listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<SentMessage[]>;
}
