import {
  adminSampleNotice,
  type AccountEmailKind,
  type AdminTestPreviewRequest,
  type AdminTestSendRequest,
} from '../../../shared/email/admin-test';
import { renderNotice } from '../../../shared/email/render';
import type { RenderedEmail, TemplateText } from '../../../shared/email/template';
import { tenantFromStore } from '../caller';
import { NotFoundError } from '../errors';
import { buildAccountEmail, type AccountEmail } from './account-emails';
import type { EmailTemplateRepo, Mailer, NoticeMailer } from './email.ports';
import type { UnsubscribeTokens } from './unsubscribe';

export interface AdminEmailTestingDeps {
  /** Any account's templates: the admin names the account (a trusted, admin-only path). */
  templates: Pick<EmailTemplateRepo, 'get'>;
  /** The dispatch's mailer (configuration set, List-Unsubscribe headers) for notices. */
  noticeMailer: NoticeMailer;
  /** The account-email mailer, as the billing webhook and the password route send with. */
  mailer: Mailer;
  tokens: Pick<UnsubscribeTokens, 'url'>;
  appOrigin: string;
}

/** Unsubscribe claims of a test: no worker has this id, so following the link stops nobody's mail. */
const TEST_TENANT = 'admin-email-test';

const SAMPLE_ACCOUNT_EMAILS: Record<AccountEmailKind, AccountEmail> = {
  purchase: { kind: 'purchase', plan: 'premium', billingCycle: 'monthly', amountCents: 4900 },
  planChanged: {
    kind: 'planChanged',
    fromPlan: 'basic',
    fromCycle: 'monthly',
    plan: 'premium',
    billingCycle: 'annual',
  },
  cancellationScheduled: { kind: 'cancellationScheduled', plan: 'premium', endsOn: '2026-12-31T00:00:00Z' },
  resumed: { kind: 'resumed', plan: 'premium', renewsOn: '2026-12-31T00:00:00Z' },
  ended: { kind: 'ended', plan: 'premium', endedOn: '2026-12-31T00:00:00Z' },
  paymentFailed: { kind: 'paymentFailed', amountCents: 4900, invoiceNumber: 'RC-0001', invoiceUrl: null },
  passwordChanged: { kind: 'passwordChanged', at: '2026-11-23T17:00:00Z' },
};

type Composed =
  | { channel: 'notice'; email: RenderedEmail; unsubscribeUrl: string | null }
  | { channel: 'account'; email: RenderedEmail };

async function compose(
  request: AdminTestPreviewRequest,
  to: string,
  deps: AdminEmailTestingDeps,
): Promise<Composed> {
  if (request.template !== 'default' && request.template !== 'custom') {
    const built = buildAccountEmail(to, SAMPLE_ACCOUNT_EMAILS[request.template], deps);
    return {
      channel: 'account',
      email: { subject: built.subject, text: built.text, html: built.html ?? '' },
    };
  }
  let { kind, audience } = request;
  let template: TemplateText | null = null;
  if (request.template === 'custom') {
    const saved = await deps.templates.get(tenantFromStore(request.tenantId!), request.templateId!);
    if (!saved) throw new NotFoundError('Email template not found in that account');
    ({ kind, audience } = saved);
    template = { subject: saved.subject, body: saved.body };
  }
  const unsubscribeUrl =
    audience === 'client'
      ? null
      : deps.tokens.url(deps.appOrigin, { tenantId: TEST_TENANT, workerId: TEST_TENANT, email: to });
  const email = renderNotice(
    adminSampleNotice({
      kind,
      audience,
      template,
      sample: request.sample,
      unsubscribeUrl,
      appOrigin: deps.appOrigin,
    }),
  );
  return { channel: 'notice', email, unsubscribeUrl };
}

/** `POST /api/admin/email-testing/preview`: what `send` would send (to a placeholder address). */
export async function previewAdminTestEmail(
  request: AdminTestPreviewRequest,
  deps: AdminEmailTestingDeps,
): Promise<RenderedEmail> {
  return (await compose(request, 'recipient@example.com', deps)).email;
}

/**
 * `POST /api/admin/email-testing/send`: any template to any address through the real path: the same
 * renderer and SES mailer as the dispatch (notices carry the List-Unsubscribe headers) or as the
 * account emails. The subject says it is a test.
 */
export async function sendAdminTestEmail(
  request: AdminTestSendRequest,
  deps: AdminEmailTestingDeps,
): Promise<{ to: string; subject: string; messageId: string }> {
  const composed = await compose(request, request.to, deps);
  const subject = `[Test] ${composed.email.subject}`;
  const { text, html } = composed.email;
  const { messageId } =
    composed.channel === 'notice'
      ? await deps.noticeMailer.send({
          to: request.to,
          subject,
          text,
          html,
          ...(composed.unsubscribeUrl ? { unsubscribeUrl: composed.unsubscribeUrl } : {}),
        })
      : await deps.mailer.send({ to: [request.to], subject, text, html });
  return { to: request.to, subject, messageId };
}
