import { namesOf } from '../named-set';
/**
 * The placeholders a template may use, `{{name}}` (spaces inside the braces are allowed). Anything
 * else between double braces is a validation error, so a typo never reaches a mailbox as `{{jobsit}}`.
 *
 * Each below with what it becomes, shown in the editor beside the template.
 */
export const PLACEHOLDER_HELP = {
  jobsite: 'The jobsite name',
  client: 'The client the jobsite is built for',
  date: 'The working day, e.g. "Tue, Mar 10"',
  verdict: '"Full-day delay", "Partial delay" or "No delay"',
  reason: 'One line per rule that triggered, e.g. "Gusts up to 38 mph (crane limit 30 mph)"',
  hours: 'The affected hours, e.g. "7 AM – 11 AM"',
  hoursLost: 'Working hours lost, e.g. "4"',
  action: 'What to do, e.g. "Report at 11 AM, not before."',
  recipientName: 'The name of the person receiving the email',
  unsubscribeUrl: 'The link that stops these emails (workers only)',
  company: 'Your company name (Settings → Profile)',
  address: "The jobsite's street address",
  siteContact: 'Whom to call about the site, e.g. "Ana Silva, +1 206 555 0100"',
  detailsUrl: "The link to the day's details page with the hourly forecast",
} satisfies Record<string, string>;
export type Placeholder = keyof typeof PLACEHOLDER_HELP;
export const PLACEHOLDERS = namesOf(PLACEHOLDER_HELP);

const TOKEN = /\{\{([^{}]*)\}\}/g;

export function isPlaceholder(name: string): name is Placeholder {
  return (PLACEHOLDERS as readonly string[]).includes(name);
}

export const placeholderList = PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

/**
 * The first problem with the placeholders of `text`, worded for the person editing it, or null.
 * Unknown names and braces that do not close are both refused.
 */
export function placeholderProblem(text: string): string | null {
  for (const match of text.matchAll(TOKEN)) {
    const name = (match[1] ?? '').trim();
    if (!isPlaceholder(name)) return `Unknown placeholder {{${name}}}. Use one of ${placeholderList}`;
  }
  const rest = text.replace(TOKEN, '');
  if (rest.includes('{{') || rest.includes('}}')) return 'A placeholder is not closed: write it as {{name}}';
  return null;
}

/**
 * Replaces every placeholder of `text` with `valueOf(name)`; the text around them goes through
 * `literal` (the HTML renderer escapes it there). Call only on text that passed `placeholderProblem`.
 */
export function fillPlaceholders(
  text: string,
  valueOf: (name: Placeholder) => string,
  literal: (chunk: string) => string = (chunk) => chunk,
): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    out += literal(text.slice(last, index));
    const name = (match[1] ?? '').trim();
    out += isPlaceholder(name) ? valueOf(name) : literal(match[0]);
    last = index + match[0].length;
  }
  return out + literal(text.slice(last));
}
