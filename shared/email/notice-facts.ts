import type { SiteContact } from '../records/site-contact';
import { contactLine } from '../notice-details';
import type { EmailKind } from './template';

/** Who a notice speaks for and where to learn more (issue 20). Pure data for the renderer. */
export interface NoticeContractorFacts {
  /** The contractor's company; null when unset (the mail then speaks as Raincheck alone). */
  company: string | null;
  contact: SiteContact | null;
  /** `<app origin>/n/<token>`: the public details page of the day; null in previews without one. */
  detailsUrl: string | null;
}

/** One labelled line of the facts block; the renderer escapes and links as its part needs. */
export interface NoticeFact {
  label: string;
  value: string;
  /** The value is a URL: a link in HTML, under this text (the raw URL stays in the plain text). */
  link?: string;
}

/**
 * The facts every notice carries whatever its template says: who sends it, where the site is, whom
 * to call and the details link. A fact that is not known is left out rather than printed empty.
 */
export function noticeFacts(
  jobsite: { name: string; address: string | null },
  facts: NoticeContractorFacts | null | undefined,
): NoticeFact[] {
  const out: NoticeFact[] = [];
  if (facts?.company) out.push({ label: 'From', value: facts.company });
  const site = jobsite.address?.trim() ? `${jobsite.name}, ${jobsite.address.trim()}` : jobsite.name;
  out.push({ label: 'Site', value: site.replace(/\s*[\r\n]+\s*/g, ', ') });
  const contact = contactLine(facts?.contact ?? null);
  if (contact) out.push({ label: 'Site contact', value: contact });
  if (facts?.detailsUrl)
    out.push({ label: 'Details', value: facts.detailsUrl, link: 'The day’s details and hourly forecast' });
  return out;
}

/** Header-safe display name: "<Company> via Raincheck", or null to keep the deployment's sender name. */
export function contractorSenderName(company: string | null | undefined): string | null {
  // Quotes, backslashes and line breaks cannot reach a From header; they add nothing to a name.
  const clean = (company ?? '')
    .replace(/["\\\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? `${clean} via Raincheck` : null;
}

const CHANGE_LEAD: Record<EmailKind, string> = { notice: 'Sent', update: 'Updated', allClear: 'Sent' };

/**
 * Why a notice came when a member's rule change brought it (issue 22 §4), in plain words for the
 * crew: "Updated after Dana Ortiz (Acme Construction) changed this jobsite's weather rules."
 */
export function ruleChangeSentence(kind: EmailKind, changedBy: string, company: string | null): string {
  const who = company?.trim() ? `${changedBy.trim()} (${company.trim()})` : changedBy.trim();
  return `${CHANGE_LEAD[kind]} after ${who.replace(/\s*[\r\n]+\s*/g, ' ')} changed this jobsite's weather rules.`;
}
