import type { NoticeRenderInput } from './render';
import type { EmailAudience, EmailKind, TemplateText } from './template';

/**
 * The sample message the editor's live preview and `POST /api/email-templates/preview` render: the
 * same data on both sides, so what the editor shows is what the server would send.
 */
export function sampleNoticeInput(opts: {
  kind: EmailKind;
  audience: EmailAudience;
  template?: TemplateText | null;
  appOrigin: string;
  simulated?: boolean;
  /** The account's own facts, so the preview shows the company and contact its crews will see. */
  account?: { company?: string | null; name?: string | null } | null;
}): NoticeRenderInput {
  const clear = opts.kind === 'allClear';
  return {
    kind: opts.kind,
    audience: opts.audience,
    template: opts.template ?? null,
    jobsite: {
      name: 'Riverside Medical Center',
      address: '1200 River Rd, Columbus, OH',
      timezone: 'America/New_York',
      workingHours: { start: '07:00', end: '17:00' },
    },
    clientName: 'Northwind Health',
    date: '2026-03-10',
    verdict: clear ? 'none' : 'partial',
    hoursLost: clear ? 0 : 4,
    rules: clear
      ? []
      : [
          { reason: 'Rain 0.18 in/h (limit 0.10 in/h)', hours: ['07:00', '08:00', '09:00'] },
          { reason: 'Gusts up to 34 mph (crane limit 30 mph)', hours: ['08:00', '09:00', '10:00'] },
        ],
    recipientName: opts.audience === 'client' ? 'Dana Reyes' : 'Ana Silva',
    unsubscribeUrl: opts.audience === 'client' ? null : `${opts.appOrigin}/unsubscribe?token=sample`,
    appOrigin: opts.appOrigin,
    simulated: opts.simulated ?? false,
    contractor: {
      company: opts.account?.company?.trim() || 'Summit Builders',
      contact: opts.account?.name?.trim()
        ? { name: opts.account.name.trim(), phone: null }
        : { name: 'Marco Diaz', phone: '+1 614 555 0142' },
      detailsUrl: `${opts.appOrigin}/n/sample`,
    },
  };
}
