import type { AccountProfile } from '../../../shared/account';
import type { Jobsite, Worker } from '../../../shared/records';
import type { SiteContact } from '../../../shared/records/site-contact';
import type { BrandLook } from '../../../shared/brand';

/** Who a notice speaks for, and whom a reader calls or answers (issue 20). */
export interface NoticeContractor {
  /** The account's company name; null when unset (the setup checklist says so, not the mail). */
  company: string | null;
  contact: SiteContact | null;
  /** Where a reply goes: the jobsite's manager, else the account owner. */
  replyTo: string | null;
  /** The account's brand while it has white-labelling (issue 24): it replaces Raincheck's. */
  brand?: BrandLook | null;
}

/**
 * The jobsite's manager today is the first (by name) active worker marked manager among its
 * recipients, named or through a crew: the person the crew already answers to on that site.
 */
export function jobsiteManager(jobsite: Jobsite, workers: readonly Worker[]): Worker | null {
  const named = new Set(jobsite.recipients.workerIds);
  const crews = new Set(jobsite.recipients.crewIds);
  const managers = workers
    .filter((w) => w.isManager && w.status === 'active')
    .filter((w) => named.has(w.id) || w.crewIds.some((c) => crews.has(c)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return managers[0] ?? null;
}

/**
 * The contractor facts of a jobsite's notices: the site contact the jobsite names, else its
 * manager (with their phone), else the account owner (name only: accounts keep no phone); replies
 * go to the manager, else the owner's sign-in address.
 */
export function noticeContractor(
  profile: Pick<AccountProfile, 'company' | 'name' | 'email'> | null,
  jobsite: Jobsite,
  workers: readonly Worker[],
  brand: BrandLook | null = null,
): NoticeContractor {
  const manager = jobsiteManager(jobsite, workers);
  const own = jobsite.siteContact ?? null;
  const contact: SiteContact | null = own
    ? own
    : manager
      ? { name: manager.name, phone: manager.phone ?? null }
      : profile?.name
        ? { name: profile.name, phone: null }
        : null;
  return {
    company: brand?.companyName || profile?.company?.trim() || null,
    contact,
    replyTo: manager?.email ?? profile?.email ?? null,
    ...(brand ? { brand } : {}),
  };
}
