import { createHmac } from 'node:crypto';
import type { NoticeContent, NoticeSender, RenderedNotice } from '../../core/dispatch/dispatch.ports';
import type { Mailer } from '../../core/email/email.ports';

const HEADLINE = {
  notice: {
    full: 'Weather delay: no work',
    partial: 'Weather delay: part of the day',
    none: 'No weather delay',
  },
  update: {
    full: 'Update: now a full-day weather delay',
    partial: 'Update: weather delay changed',
    none: 'Update',
  },
  allClear: { full: 'All clear', partial: 'All clear', none: 'All clear: work as planned' },
} as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function dayLabel(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A plain, readable notice: what the day looks like, why, and how to stop these emails. */
export function renderPlainNotice(c: NoticeContent): RenderedNotice {
  const headline = HEADLINE[c.kind][c.judgement.verdict];
  const subject = `${headline} — ${c.jobsite.name}, ${dayLabel(c.workDate)}`;
  const reasons = c.judgement.rules.map((r) => r.reason);
  const lines = [
    `${headline} at ${c.jobsite.name} on ${dayLabel(c.workDate)}.`,
    c.kind === 'allClear'
      ? 'The weather that called the delay is no longer forecast. Work goes ahead as planned.'
      : `Hours lost: ${c.judgement.hoursLost} of ${c.judgement.workingHours}.`,
    ...reasons.map((r) => `• ${r}`),
    c.simulated
      ? 'This notice is based on SIMULATED weather (demo data), not a real forecast.'
      : 'Weather data by Open-Meteo.com (CC BY 4.0).',
    ...(c.unsubscribeUrl ? [`Stop these emails: ${c.unsubscribeUrl}`] : []),
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}</body></html>`;
  return { subject, text: lines.join('\n\n'), html };
}

/** Sends notices through SES with the plain renderer and signed unsubscribe links. */
export function plainNoticeSender(
  mailer: Mailer,
  opts: { appOrigin: string; unsubscribeSecret: () => string },
): NoticeSender {
  return {
    render: renderPlainNotice,
    send: ({ to, subject, text, html }) => mailer.send({ to: [to], subject, text, html }),
    unsubscribeUrl: ({ tenantId, workerId, email }) => {
      const payload = Buffer.from(JSON.stringify({ v: 1, t: tenantId, w: workerId, e: email })).toString(
        'base64url',
      );
      const sig = createHmac('sha256', opts.unsubscribeSecret()).update(payload).digest('base64url');
      return `${opts.appOrigin}/unsubscribe?token=${payload}.${sig}`;
    },
  };
}
