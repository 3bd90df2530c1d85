import { defaultTemplate } from './defaults';
import {
  VERDICT_LABEL,
  formatClock,
  formatHours,
  formatHoursLost,
  formatNoticeDate,
  hourRanges,
  minutesOf,
  type NoticeVerdict,
} from './format';
import { fillPlaceholders, type Placeholder } from './placeholders';
import { noticeFacts, ruleChangeSentence, type NoticeContractorFacts } from './notice-facts';
import { contactLine } from '../notice-details';
import type { EmailAudience, EmailKind, RenderedEmail, TemplateText } from './template';
import type { BrandLook } from '../brand';
import { brandFooterLines, brandHeaderHtml } from './brand-parts';

/** Everything one message to one recipient is made of. Pure data: the renderer does no I/O. */
export interface NoticeRenderInput {
  kind: EmailKind;
  audience: EmailAudience;
  /** The account's template for kind × audience; the default when absent. */
  template?: TemplateText | null;
  jobsite: {
    name: string;
    address: string | null;
    timezone: string;
    /** Local "HH:mm"; lets the action line say when to report. */
    workingHours?: { start: string; end: string };
  };
  clientName: string | null;
  /** The working day, the jobsite's local date `YYYY-MM-DD`. */
  date: string;
  verdict: NoticeVerdict;
  hoursLost: number;
  /** One entry per triggered rule: its reason line and the local hour starts it covers ("07:00"). */
  rules: { reason: string; hours: string[] }[];
  recipientName: string | null;
  /** The recipient's own unsubscribe link (workers); null for the client and for tests. */
  unsubscribeUrl: string | null;
  /** `https://app.example.com`, no trailing slash. */
  appOrigin: string;
  /** The forecast came from the simulated provider: the message says so. */
  simulated: boolean;
  /** Company, site contact and details link (issue 20); absent in messages made before them. */
  contractor?: NoticeContractorFacts | null;
  /** The account's brand (Enterprise white-labelling): it replaces Raincheck's name and look. */
  brand?: BrandLook | null;
  /** The member whose rule change brought this message (issue 22 §4); absent when no one did. */
  changedBy?: string | null;
}

export const OPEN_METEO_ATTRIBUTION = 'Weather data by Open-Meteo.com (CC BY 4.0)';
export const SIMULATED_NOTE =
  'Simulated weather: this message was made from simulated weather for a demo or test, not from a real forecast.';
export const SUBJECT_SIMULATED_PREFIX = '[Simulated weather] ';

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Only http(s) links become hrefs; anything else (javascript:, data:) stays plain text. */
export function isSafeLink(url: string): boolean {
  return /^https?:\/\/[^\s<>"'`]+$/i.test(url);
}

function actionLine(input: NoticeRenderInput, date: string): string {
  const site = input.jobsite.name;
  const start = input.jobsite.workingHours ? minutesOf(input.jobsite.workingHours.start) : null;
  const end = input.jobsite.workingHours ? minutesOf(input.jobsite.workingHours.end) : null;
  const usual = start !== null ? ` (${formatClock(start)})` : '';
  if (input.kind === 'allClear' || input.verdict === 'none') {
    if (input.audience === 'worker') return `Work goes ahead as planned: report at your usual time${usual}.`;
    if (input.audience === 'manager')
      return `Work goes ahead as planned; the crew reports at the usual time${usual}.`;
    return 'Work goes ahead as planned.';
  }
  if (input.verdict === 'full') {
    if (input.audience === 'worker') return `Don't drive out: there is no work at ${site} on ${date}.`;
    if (input.audience === 'manager') return `The crew has been told not to drive out on ${date}.`;
    return `No work is planned at ${site} on ${date}.`;
  }
  const ranges = hourRanges(input.rules.flatMap((r) => r.hours));
  const first = ranges[0];
  const last = ranges.at(-1);
  if (first && start !== null && first.start <= start && (end === null || first.end < end)) {
    const report = formatClock(first.end);
    if (input.audience === 'worker') return `Don't come in early: report at ${report}, not before.`;
    if (input.audience === 'manager') return `The crew has been told to report at ${report}.`;
    return `Work starts late, at ${report}.`;
  }
  if (last && first && end !== null && last.end >= end && first.start > (start ?? 0)) {
    const stop = formatClock(first.start);
    if (input.audience === 'worker')
      return `Work stops at ${stop}: secure the site before then and head home.`;
    if (input.audience === 'manager') return `The crew has been told work stops at ${stop}.`;
    return `Work stops early, at ${stop}.`;
  }
  const hours = formatHours(input.rules.flatMap((r) => r.hours)) || 'part of the day';
  if (input.audience === 'worker')
    return `Work stops ${hours}. Stay off the site then; your manager will confirm the plan.`;
  if (input.audience === 'manager') return `The crew has been told work stops ${hours}.`;
  return `Work pauses ${hours}.`;
}

/** The value of each placeholder, as plain text (lines separated by "\n"). */
function placeholderValues(input: NoticeRenderInput): Record<Placeholder, string> {
  const date = formatNoticeDate(input.date);
  const reasons = input.rules.map((r) => r.reason.trim()).filter(Boolean);
  const greetingName =
    input.recipientName?.trim() || (input.audience === 'client' ? (input.clientName ?? '') : '');
  return {
    jobsite: input.jobsite.name,
    client: input.clientName?.trim() || 'no client',
    date,
    verdict: input.kind === 'allClear' ? 'All clear' : VERDICT_LABEL[input.verdict],
    reason: reasons.length ? reasons.join('\n') : 'No rule is met.',
    hours: formatHours(input.rules.flatMap((r) => r.hours)) || 'none',
    hoursLost: formatHoursLost(input.hoursLost),
    action: actionLine(input, date),
    recipientName: greetingName || 'there',
    unsubscribeUrl: input.unsubscribeUrl ?? '',
    company: input.contractor?.company ?? '',
    address: input.jobsite.address?.trim() ?? '',
    siteContact: contactLine(input.contractor?.contact ?? null) ?? '',
    detailsUrl: input.contractor?.detailsUrl ?? '',
  };
}

/** "Acme Builders about Harbor Point Tower", or the jobsite alone when no company is set. */
function senderOf(input: NoticeRenderInput): string {
  const company = input.contractor?.company;
  return company ? `${company} about ${input.jobsite.name}` : input.jobsite.name;
}

function oneLine(value: string): string {
  return value
    .replace(/\s*[\r\n]+\s*/g, '; ')
    .replace(/\s+/g, ' ')
    .trim();
}

const SUBJECT_LIMIT = 200;

function subjectOf(template: TemplateText, values: Record<Placeholder, string>, simulated: boolean): string {
  const filled = oneLine(fillPlaceholders(template.subject, (name) => oneLine(values[name])));
  const subject = (simulated ? SUBJECT_SIMULATED_PREFIX : '') + filled;
  return subject.length > SUBJECT_LIMIT ? `${subject.slice(0, SUBJECT_LIMIT - 1)}…` : subject;
}

/** The rule-change sentence, kept outside the template so custom wording carries it too. */
function changeSentenceOf(input: NoticeRenderInput): string | null {
  return input.changedBy?.trim()
    ? ruleChangeSentence(input.kind, input.changedBy, input.contractor?.company ?? null)
    : null;
}

function textOf(
  input: NoticeRenderInput,
  template: TemplateText,
  values: Record<Placeholder, string>,
): string {
  const body = fillPlaceholders(template.body.replace(/\r\n?/g, '\n'), (name) => values[name]).trim();
  const lines: string[] = [];
  if (input.simulated) lines.push(SIMULATED_NOTE, '');
  lines.push(body, '');
  const changed = changeSentenceOf(input);
  if (changed) lines.push(changed, '');
  for (const fact of noticeFacts(input.jobsite, input.contractor)) lines.push(`${fact.label}: ${fact.value}`);
  lines.push('', '--');
  if (!input.simulated) lines.push(OPEN_METEO_ATTRIBUTION);
  if (input.brand) {
    lines.push(`Sent by ${senderOf(input)}.`);
    lines.push(...brandFooterLines(input.brand));
  } else
    lines.push(`Sent by Raincheck${input.appOrigin ? ` (${input.appOrigin})` : ''} for ${senderOf(input)}.`);
  if (input.unsubscribeUrl) lines.push(`Stop these emails: ${input.unsubscribeUrl}`);
  return lines.join('\n') + '\n';
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BADGE: Record<
  'full' | 'partial' | 'clear',
  { bg: string; label: (input: NoticeRenderInput) => string }
> = {
  full: { bg: '#c92a2a', label: () => VERDICT_LABEL.full },
  partial: { bg: '#a34f00', label: () => VERDICT_LABEL.partial },
  clear: { bg: '#2b7a3b', label: (i) => (i.kind === 'allClear' ? 'All clear' : VERDICT_LABEL.none) },
};

function link(url: string, label = url): string {
  return isSafeLink(url)
    ? `<a href="${escapeHtml(url)}" style="color:#1864ab;text-decoration:underline">${escapeHtml(label)}</a>`
    : escapeHtml(label);
}

/** A placeholder's value inside HTML: escaped, line breaks kept, the unsubscribe URL as a link. */
function htmlValue(name: Placeholder, value: string): string {
  if (name === 'unsubscribeUrl' || name === 'detailsUrl') return value ? link(value) : '';
  return escapeHtml(value).replace(/\n/g, '<br>');
}

/** The facts block: a small table of labelled lines (company, site, contact, details link). */
function factsHtml(input: NoticeRenderInput): string {
  const rows = noticeFacts(input.jobsite, input.contractor)
    .map(
      (f) =>
        `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;font-size:13px;font-weight:600;white-space:nowrap">${escapeHtml(f.label)}</td><td style="padding:4px 0;font-size:14px;line-height:1.45">${f.link ? link(f.value, f.link) : escapeHtml(f.value)}</td></tr>`,
    )
    .join('\n');
  return `<tr><td style="padding:0 24px 16px 24px"><table role="presentation" class="rc-rule" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-top:1px solid #dee2e6;padding-top:8px;word-break:break-word">
${rows}
</table></td></tr>`;
}

function htmlOf(
  input: NoticeRenderInput,
  template: TemplateText,
  values: Record<Placeholder, string>,
  subject: string,
): string {
  const changed = changeSentenceOf(input);
  const paragraphs = template.body
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((p) =>
      fillPlaceholders(
        p.trim(),
        (name) => htmlValue(name, values[name]),
        (chunk) => escapeHtml(chunk).replace(/\n/g, '<br>'),
      ),
    )
    .filter((p) => p.length > 0)
    .concat(changed ? [escapeHtml(changed)] : [])
    .map((p) => `<p style="margin:0 0 16px 0">${p}</p>`)
    .join('\n');
  const badge = BADGE[input.kind === 'allClear' || input.verdict === 'none' ? 'clear' : input.verdict];
  const simulated = input.simulated
    ? `<tr><td style="padding:0 24px 12px 24px"><p role="note" style="margin:0;padding:10px 12px;border-radius:6px;border:1px solid #e8590c;background:#fff4e6;color:#7a2e00;font-size:14px;line-height:1.4"><strong>Simulated weather.</strong> This message was made from simulated weather for a demo or test, not from a real forecast.</p></td></tr>`
    : '';
  const footer: string[] = [];
  if (!input.simulated)
    footer.push(
      `Weather data by ${link('https://open-meteo.com/', 'Open-Meteo.com')} (${link('https://creativecommons.org/licenses/by/4.0/', 'CC BY 4.0')})`,
    );
  if (input.brand) {
    footer.push(`Sent by ${escapeHtml(senderOf(input))}.`);
    footer.push(...brandFooterLines(input.brand).map(escapeHtml));
  } else
    footer.push(
      `Sent by ${input.appOrigin && isSafeLink(input.appOrigin) ? link(input.appOrigin, 'Raincheck') : 'Raincheck'} for ${escapeHtml(senderOf(input))}.`,
    );
  if (input.unsubscribeUrl)
    footer.push(`Don't want these emails? ${link(input.unsubscribeUrl, 'Unsubscribe')}.`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .rc-page { background:#101418 !important; }
  .rc-card { background:#1b2026 !important; color:#e9ecef !important; border-color:#343a40 !important; }
  .rc-muted { color:#adb5bd !important; border-color:#343a40 !important; }
  .rc-rule { border-color:#343a40 !important; }
  .rc-card a, .rc-muted a, .rc-brand { color:#74c0fc !important; }
}
</style>
</head>
<body class="rc-page" style="margin:0;padding:0;background:#f1f3f5">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="en">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f3f5" class="rc-page">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="rc-card" style="max-width:600px;background:#ffffff;color:#212529;border:1px solid #dee2e6;border-radius:8px;${FONT}">
${input.brand ? brandHeaderHtml(input.brand, escapeHtml, isSafeLink) : `<tr><td class="rc-brand" style="padding:20px 24px 8px 24px;font-size:14px;font-weight:700;letter-spacing:0.02em;color:#1864ab">${escapeHtml(input.contractor?.company ? `${input.contractor.company} via Raincheck` : 'Raincheck')}</td></tr>`}
<tr><td style="padding:0 24px 12px 24px"><span style="display:inline-block;padding:4px 12px;border-radius:999px;background:${badge.bg};color:#ffffff;font-size:14px;font-weight:700">${escapeHtml(badge.label(input))}</span> <span style="font-size:14px">${escapeHtml(values.date)}</span></td></tr>
${simulated}<tr><td style="padding:8px 24px 4px 24px;font-size:16px;line-height:1.55">
${paragraphs}
</td></tr>
${factsHtml(input)}
<tr><td class="rc-muted" style="padding:16px 24px 20px 24px;border-top:1px solid #dee2e6;font-size:12px;line-height:1.5;color:#495057">
${footer.map((f) => `<p style="margin:0 0 6px 0">${f}</p>`).join('\n')}
</td></tr>
</table>
</td></tr>
</table>
</div>
</body>
</html>
`;
}

/**
 * One message to one recipient: subject, a plain-text part that reads on its own, and an HTML part
 * (escaped, inline styles, light and dark). Every value is escaped where it lands; a template's own
 * text is escaped too, so neither a jobsite name nor a template can put markup into the email.
 */
export function renderNotice(input: NoticeRenderInput): RenderedEmail {
  const template = input.template ?? defaultTemplate(input.kind, input.audience);
  const values = placeholderValues(input);
  const subject = subjectOf(template, values, input.simulated);
  return {
    subject,
    text: textOf(input, template, values),
    html: htmlOf(input, template, values, subject),
  };
}
