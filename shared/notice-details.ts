import type { BrandLook } from './brand';
import type { LedgerEvidence } from './ledger';
import type { SiteContact } from './records/site-contact';
import type { UnitSystem } from './weather/units';

/**
 * The body of `GET /api/notices/{token}`: what the public details page of one jobsite-day shows, and
 * nothing more (no recipients, no ids of the account, no other day). The forecast, rules and judgement
 * have the evidence page's shapes, so both draw them with the same chart.
 */
export interface NoticeDetails extends Pick<
  LedgerEvidence,
  'date' | 'verdict' | 'hoursLost' | 'judgement' | 'rules' | 'forecast'
> {
  /** The contractor's company name; null when the account has not set one. */
  company: string | null;
  jobsite: Omit<LedgerEvidence['jobsite'], 'id'>;
  /** Whom to call about the site. */
  contact: SiteContact | null;
  units: UnitSystem;
  decidedAt: string;
  /** When the link stops working (14 days after the day). */
  expiresAt: string;
  /** The contractor's brand while it has white-labelling (issue 24); absent: Raincheck's look. */
  brand?: BrandLook | null;
}

/** A details link works through this many days after the working day it is about (issue 20). */
export const NOTICE_LINK_DAYS = 14;

/** The single answer to every token that does not open a page: forged, cut short, expired, another's. */
export const NOTICE_LINK_NOT_FOUND =
  'This notice link is not valid or has expired. Ask your contractor for the latest notice.';

/** "Ana Silva, +1 206 555 0100": the contact as one line of a notice; null when there is nobody. */
export function contactLine(contact: SiteContact | null): string | null {
  if (!contact) return null;
  const line = [contact.name, contact.phone].filter(Boolean).join(', ');
  return line || null;
}
