import type { NoticeContent, NoticeRecipientRef, NoticeSender } from '../dispatch/dispatch.ports';
import { tenantFromStore } from '../caller';
import type { Clock } from '../runtime.ports';
import type { EmailTemplateRepo, NoticeMailer } from './email.ports';
import { composeNotice } from './templates';
import type { UnsubscribeTokens } from './unsubscribe';
import { noticeDetailsUrl, type NoticeDetailsTokens } from '../notices/notice-link';
import { contractorSenderName } from '../../../shared/email/notice-facts';
import { withConfirmationButtons } from '../confirmations/confirmation-emails';
import { brandSenderName } from '../../../shared/email/brand-parts';

/** An account's templates are read at most this often during a run (one read per account per run in practice). */
const TEMPLATES_TTL_MS = 60_000;

/**
 * The dispatch's sender: the account's template for kind × audience (or the default wording),
 * rendered for one recipient with their own signed unsubscribe link and the day's signed details
 * link, sent through the notice mailer in the contractor's name with replies to its manager.
 */
export function templatedNoticeSender(deps: {
  templates: Pick<EmailTemplateRepo, 'list'>;
  tokens: Pick<UnsubscribeTokens, 'url'>;
  /** Signs each day's details link (`/n/<token>`); absent, notices go without one. */
  noticeLinks?: Pick<NoticeDetailsTokens, 'sign'>;
  mailer: NoticeMailer;
  appOrigin: string;
  clock: Clock;
}): NoticeSender {
  const cache = new Map<string, { at: number; list: ReturnType<EmailTemplateRepo['list']> }>();
  const templatesOf = (tenantId: string) => {
    const now = deps.clock.now().getTime();
    const hit = cache.get(tenantId);
    if (hit && now - hit.at < TEMPLATES_TTL_MS) return hit.list;
    const list = deps.templates.list(tenantFromStore(tenantId));
    cache.set(tenantId, { at: now, list });
    return list;
  };
  return {
    async send(content: NoticeContent, recipient: NoticeRecipientRef) {
      const ref = { tenantId: content.tenantId, jobsiteId: content.jobsite.id, workDate: content.workDate };
      const detailsUrl = deps.noticeLinks ? noticeDetailsUrl(deps.noticeLinks, deps.appOrigin, ref) : null;
      const contractor = content.contractor;
      const message = composeNotice(
        {
          kind: content.kind,
          tenantId: content.tenantId,
          templates: await templatesOf(content.tenantId),
          recipient: { ...recipient, workerId: recipient.workerId ?? undefined },
          jobsite: content.jobsite,
          clientName: content.clientName,
          date: content.workDate,
          verdict: content.judgement.verdict,
          hoursLost: content.judgement.hoursLost,
          rules: content.judgement.rules.map((r) => ({ reason: r.reason, hours: r.hours })),
          appOrigin: deps.appOrigin,
          simulated: content.simulated,
          contractor: {
            company: contractor?.company ?? null,
            contact: contractor?.contact ?? null,
            detailsUrl,
          },
          brand: contractor?.brand ?? null,
          changedBy: content.causedBy ?? null,
        },
        deps.tokens,
      );
      // A white-labelled account speaks as itself, not "… via Raincheck".
      const fromName = contractor?.brand
        ? brandSenderName(contractor.brand)
        : contractorSenderName(contractor?.company);
      return deps.mailer.send(
        withConfirmationButtons(
          {
            ...message,
            ...(fromName ? { fromName } : {}),
            ...(contractor?.replyTo ? { replyTo: contractor.replyTo } : {}),
          },
          content.confirmation,
        ),
      );
    },
  };
}
