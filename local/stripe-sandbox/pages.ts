/* eslint-disable @typescript-eslint/no-explicit-any -- renders Stripe-shaped JSON objects. */
import { formatUsd } from '../../shared/plans';

/** Plain HTML pages of the sandbox: hosted checkout, invoice, customer portal. */

const BANNER = 'Raincheck local payments sandbox — no real money';

const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(BANNER)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
.banner{background:#fff3bf;border:1px solid #f59f00;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
label{display:block;margin-top:1rem;font-weight:500}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box;border:1px solid #adb5bd;border-radius:.375rem}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font-size:1rem;border:0;border-radius:.375rem;background:#1c7ed6;color:#fff;cursor:pointer}
button.secondary{background:#868e96}
.error{color:#c92a2a;margin-top:1rem}
.muted{color:#495057;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin-top:1rem}td{padding:.25rem 0}
</style></head><body><p class="banner" role="note">${esc(BANNER)}</p>${body}</body></html>`;
}

export function checkoutPage(input: {
  session: any;
  price: any | null;
  needsEmail: boolean;
  error: string | null;
}): string {
  const { session, price } = input;
  if (session.status === 'expired') {
    return layout(
      'Checkout',
      `<h1>Checkout expired</h1><p role="alert">This checkout session has expired and can no longer be paid. Nothing was charged. Go back and start checkout again.</p>
<p><a href="${esc(session.cancel_url)}">Go back</a></p>`,
    );
  }
  if (session.status !== 'open') {
    return layout('Checkout', `<h1>Checkout complete</h1><p>This checkout session is no longer open.</p>`);
  }
  const amount = price ? `${formatUsd(price.unit_amount)} / ${price.recurring.interval}` : '';
  return layout(
    'Checkout',
    `<h1>Subscribe to ${esc(price?.nickname?.replace(/ \((monthly|annual)\)$/, '') ?? 'Raincheck')}</h1>
<p><strong>${esc(amount)}</strong></p>
<p class="muted">Use the test card <strong>4242 4242 4242 4242</strong>, any future expiry date and any CVC. Any other number is declined.</p>
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/checkout/${esc(session.id)}">
${input.needsEmail ? `<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">` : ''}
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<button type="submit">Pay ${esc(price ? formatUsd(price.unit_amount) : '')}</button>
</form>
<p><a href="${esc(session.cancel_url)}">Cancel and go back</a></p>`,
  );
}

export function invoicePage(invoice: any): string {
  const rows = (invoice.lines?.data ?? [])
    .map(
      (l: any) =>
        `<tr><td>${esc(l.description)}</td><td style="text-align:right">${esc(formatUsd(l.amount))}</td></tr>`,
    )
    .join('');
  return layout(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${esc(invoice.number)}</h1>
<p>Status: <strong>${esc(invoice.status)}</strong> · ${esc(new Date(invoice.created * 1000).toISOString().slice(0, 10))}</p>
<p>Billed to ${esc(invoice.customer_email)}</p>
<table>${rows}<tr><td><strong>Total</strong></td><td style="text-align:right"><strong>${esc(formatUsd(invoice.total))}</strong></td></tr></table>`,
  );
}

export function portalPage(input: {
  session: any;
  subscription: any | null;
  paymentMethod: any | null;
  message: string | null;
}): string {
  const { session, subscription: sub, paymentMethod: pm } = input;
  const item = sub?.items?.data?.[0];
  const status = !sub
    ? '<p>No subscription.</p>'
    : `<p>Plan: <strong>${esc(item?.price?.nickname)}</strong> · status <strong>${esc(sub.status)}</strong></p>
<p>${sub.cancel_at_period_end ? 'Ends' : 'Renews'} on ${esc(new Date(item.current_period_end * 1000).toISOString().slice(0, 10))}</p>`;
  const card = pm?.card
    ? `<p>Card: ${esc(pm.card.brand)} •••• ${esc(pm.card.last4)} (expires ${esc(pm.card.exp_month)}/${esc(pm.card.exp_year)})</p>`
    : '';
  const actions =
    sub && sub.status !== 'canceled'
      ? `${
          sub.cancel_at_period_end
            ? `<form method="post" action="/portal/${esc(session.id)}/resume"><button type="submit">Keep my subscription</button></form>`
            : `<form method="post" action="/portal/${esc(session.id)}/cancel"><button class="secondary" type="submit">Cancel at period end</button></form>`
        }
<h2>Update card</h2>
<form method="post" action="/portal/${esc(session.id)}/card">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" placeholder="12 / 34" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" required>
<button type="submit">Save card</button></form>`
      : '';
  return layout(
    'Billing portal',
    `<h1>Billing</h1>${input.message ? `<p role="status">${esc(input.message)}</p>` : ''}${status}${card}${actions}
<p><a href="${esc(session.return_url ?? '/')}">Return to Raincheck</a></p>`,
  );
}
