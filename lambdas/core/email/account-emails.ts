import { PLANS, formatUsd, type BillingCycle, type PlanId } from '../../../shared/plans';
import type { Mailer, OutgoingEmail } from './email.ports';

/**
 * The emails an account owner gets about their own account: purchase, plan change, cancellation
 * (scheduled, resumed, ended), a failed payment and a password change. Pure builders (subject, text
 * and HTML from the same facts) plus one sender; the billing webhook and the password route call it.
 */
export type AccountEmail =
  | { kind: 'purchase'; plan: PlanId; billingCycle: BillingCycle; amountCents: number | null }
  | {
      kind: 'planChanged';
      fromPlan: PlanId;
      fromCycle: BillingCycle;
      plan: PlanId;
      billingCycle: BillingCycle;
    }
  | { kind: 'cancellationScheduled'; plan: PlanId; endsOn: string }
  | { kind: 'resumed'; plan: PlanId; renewsOn: string | null }
  | { kind: 'ended'; plan: PlanId; endedOn: string }
  | { kind: 'paymentFailed'; amountCents: number; invoiceNumber: string | null; invoiceUrl: string | null }
  | { kind: 'passwordChanged'; at: string };

export interface AccountEmailContext {
  /** https://app.example.com (no trailing slash); links in the email point there. */
  appOrigin: string;
}

const cycleWord = (cycle: BillingCycle) => (cycle === 'annual' ? 'annually' : 'monthly');
const planName = (plan: PlanId) => PLANS[plan].name;

/** "November 23, 2026" in UTC: emails are read anywhere, so the date never shifts by a zone. */
export function emailDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

interface Content {
  subject: string;
  lines: string[];
  link: { label: string; path: string } | null;
}

function content(email: AccountEmail): Content {
  const subscriptionLink = { label: 'See your subscription', path: '/subscription' };
  switch (email.kind) {
    case 'purchase':
      return {
        subject: `Your Raincheck ${planName(email.plan)} plan is active`,
        lines: [
          `Thank you for subscribing to Raincheck ${planName(email.plan)}, billed ${cycleWord(email.billingCycle)}.`,
          email.amountCents === null
            ? 'Your receipt is in your billing history.'
            : `We charged ${formatUsd(email.amountCents)}. Your receipt is in your billing history.`,
        ],
        link: subscriptionLink,
      };
    case 'planChanged':
      return {
        subject: `Your Raincheck plan is now ${planName(email.plan)}`,
        lines: [
          `Your plan changed from ${planName(email.fromPlan)}, billed ${cycleWord(email.fromCycle)}, to ${planName(email.plan)}, billed ${cycleWord(email.billingCycle)}.`,
          'The invoice for the change (credit for unused time, charge for the new plan) is in your billing history.',
        ],
        link: subscriptionLink,
      };
    case 'cancellationScheduled':
      return {
        subject: 'Your Raincheck subscription will be canceled',
        lines: [
          `Your ${planName(email.plan)} plan is set to cancel. It stays active until ${emailDate(email.endsOn)}, and you will not be charged again.`,
          'Changed your mind? Resume it from your subscription page before then.',
        ],
        link: subscriptionLink,
      };
    case 'resumed':
      return {
        subject: 'Your Raincheck subscription will renew',
        lines: [
          email.renewsOn
            ? `Your ${planName(email.plan)} plan is no longer set to cancel. It renews on ${emailDate(email.renewsOn)}.`
            : `Your ${planName(email.plan)} plan is no longer set to cancel.`,
        ],
        link: subscriptionLink,
      };
    case 'ended':
      return {
        subject: 'Your Raincheck subscription has ended',
        lines: [
          `Your ${planName(email.plan)} plan ended on ${emailDate(email.endedOn)}. Automated notices to your crews have stopped.`,
          'You can choose a plan again at any time.',
        ],
        link: { label: 'Choose a plan', path: '/subscription' },
      };
    case 'paymentFailed':
      return {
        subject: 'Your Raincheck payment failed',
        lines: [
          `We could not charge ${formatUsd(email.amountCents)}${email.invoiceNumber ? ` for invoice ${email.invoiceNumber}` : ''}.`,
          'Update your payment method to keep your plan and its notices running. We will try the card again in a few days.',
        ],
        link: { label: 'Update your payment method', path: '/subscription' },
      };
    case 'passwordChanged':
      return {
        subject: 'Your Raincheck password was changed',
        lines: [
          `The password of your Raincheck account was changed on ${emailDate(email.at)}.`,
          'If this was not you, reset your password now and contact support.',
        ],
        link: { label: 'Reset your password', path: '/forgot-password' },
      };
  }
}

/** The email as sent: the same words in plain text and in HTML. */
export function buildAccountEmail(to: string, email: AccountEmail, ctx: AccountEmailContext): OutgoingEmail {
  const c = content(email);
  const url = c.link ? `${ctx.appOrigin}${c.link.path}` : null;
  const text = [...c.lines, ...(c.link && url ? [`${c.link.label}: ${url}`] : []), '', '— Raincheck'].join(
    '\n\n',
  );
  const html = [
    ...c.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(c.link && url ? [`<p><a href="${escapeHtml(url)}">${escapeHtml(c.link.label)}</a></p>`] : []),
    '<p>— Raincheck</p>',
  ].join('\n');
  return { to: [to], subject: c.subject, text, html };
}

export interface SendAccountEmailDeps extends AccountEmailContext {
  mailer: Mailer;
}

/** Sends one account email; the caller decides what a failure means (the webhook only logs it). */
export async function sendAccountEmail(
  to: string,
  email: AccountEmail,
  deps: SendAccountEmailDeps,
): Promise<void> {
  await deps.mailer.send(buildAccountEmail(to, email, deps));
}
