import {
  CONFIRMATION_MESSAGES,
  CONFIRMATION_WORDS,
  CONFIRMATION_ANSWERS,
} from '../../../shared/confirmations';
import { formatNoticeDate } from '../../../shared/email/format';
import { escapeHtml } from '../../../shared/email/render';
import type { NoticeMessage, OutgoingEmail } from '../email/email.ports';
import type { ConfirmationRequest } from './confirmation.ports';
import type { ConfirmationLinks } from './request-confirmation';

const BUTTON_STYLE = {
  'stood-down': 'background:#c92a2a;color:#ffffff',
  working: 'background:#1864ab;color:#ffffff',
} as const;

/**
 * The foreman's two buttons, added to their notice (text and HTML) without touching the notice's own
 * wording: a block placed before the footer of the rendered email.
 */
export function withConfirmationButtons(
  message: NoticeMessage,
  links: ConfirmationLinks | undefined,
): NoticeMessage {
  if (!links) return message;
  const textBlock = [
    CONFIRMATION_MESSAGES.emailBlockTitle,
    CONFIRMATION_MESSAGES.emailBlockText,
    ...CONFIRMATION_ANSWERS.map((a) => `${CONFIRMATION_WORDS[a].button}: ${links[a]}`),
  ].join('\n');
  const buttons = CONFIRMATION_ANSWERS.map(
    (a) =>
      `<a href="${escapeHtml(links[a])}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 18px;border-radius:6px;font-weight:700;text-decoration:none;${BUTTON_STYLE[a]}">${escapeHtml(CONFIRMATION_WORDS[a].button)}</a>`,
  ).join('');
  const htmlBlock = `<tr><td style="padding:8px 24px 16px 24px"><p style="margin:0 0 4px 0;font-size:16px;font-weight:700">${escapeHtml(CONFIRMATION_MESSAGES.emailBlockTitle)}</p><p style="margin:0 0 12px 0;font-size:14px">${escapeHtml(CONFIRMATION_MESSAGES.emailBlockText)}</p>${buttons}</td></tr>\n`;
  // The footer row is the rendered notice's last row; without it (a future layout), the block goes last.
  const footerAt = message.html.indexOf('<tr><td class="rc-muted"');
  const html =
    footerAt >= 0
      ? `${message.html.slice(0, footerAt)}${htmlBlock}${message.html.slice(footerAt)}`
      : message.html.replace('</body>', `<table role="presentation">${htmlBlock}</table></body>`);
  return { ...message, text: `${message.text}\n\n${textBlock}\n`, html };
}

const VERDICT_WORDS = { full: 'full-day delay', partial: 'partial delay', none: 'delay' } as const;

/** Words of the escalation, shared by the email and (at the merge) the text. */
export function escalationWords(r: ConfirmationRequest, minutes: number) {
  const day = formatNoticeDate(r.workDate);
  return {
    subject: `Not confirmed: ${r.jobsiteName}, ${day}`,
    summary: `${r.foremanName} was not reached: nobody confirmed the ${VERDICT_WORDS[r.verdict]} notice for ${r.jobsiteName} on ${day} within ${minutes} minutes.`,
    action: 'Call the crew before they drive out, and record what happened on the jobsite page.',
  };
}

/** The one escalation email to the jobsite's managers, naming who was not reached. */
export function escalationEmail(
  r: ConfirmationRequest,
  to: string[],
  opts: { minutes: number; appOrigin: string },
): OutgoingEmail {
  const words = escalationWords(r, opts.minutes);
  const url = `${opts.appOrigin}/jobsites/${encodeURIComponent(r.jobsiteId)}`;
  const text = [words.summary, words.action, `Open the jobsite: ${url}`, '— Raincheck'].join('\n\n');
  const html = [
    `<p>${escapeHtml(words.summary)}</p>`,
    `<p>${escapeHtml(words.action)}</p>`,
    `<p><a href="${escapeHtml(url)}">Open the jobsite</a></p>`,
    '<p>— Raincheck</p>',
  ].join('\n');
  return { to, subject: words.subject, text, html };
}
