import { Hono } from 'hono';
import { html } from 'hono/html';
import type { SmsStore } from './sms-store';

/** Delivers a reply as AWS does: an SNS notification whose Message is the two-way JSON. */
export type InboundDelivery = (snsEvent: unknown) => Promise<unknown>;

export function snsEventOf(message: Record<string, unknown>, topicArn: string, at: Date) {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:local`,
        Sns: {
          Type: 'Notification',
          MessageId: crypto.randomUUID(),
          TopicArn: topicArn,
          Subject: null,
          Message: JSON.stringify(message),
          Timestamp: at.toISOString(),
          MessageAttributes: {},
        },
      },
    ],
  };
}

/**
 * The phone outbox: `GET /messages` (every text, JSON), `POST /inbound` ({from, body}: a person's
 * reply, handed to the same handler as in AWS) and `GET /` (each number's thread, with a reply box).
 */
export function outboxRoutes(store: SmsStore, originationNumber: string, deliver: InboundDelivery) {
  return new Hono()
    .get('/messages', (c) => c.json(store.messages))
    .post('/inbound', async (c) => {
      const input = (await c.req.json().catch(() => null)) as { from?: unknown; body?: unknown } | null;
      const form = input ?? Object.fromEntries(await c.req.formData().catch(() => new FormData()));
      const from = typeof form.from === 'string' ? form.from.trim() : '';
      const body = typeof form.body === 'string' ? form.body : '';
      if (!/^\+[1-9]\d{6,14}$/.test(from)) return c.json({ error: 'from must be an E.164 number' }, 400);
      if (!body.trim() || body.length > 1600)
        return c.json({ error: 'body must hold 1 to 1600 characters' }, 400);
      const at = new Date();
      const stored = store.add({ to: originationNumber, from, body, direction: 'in' }, at);
      store.applyKeyword(from, body, at);
      await deliver(
        snsEventOf(
          {
            originationNumber: from,
            destinationNumber: originationNumber,
            messageKeyword: body.trim().split(/\s+/)[0]?.toUpperCase() ?? '',
            messageBody: body,
            inboundMessageId: stored.id,
            previousPublishedMessageId: null,
          },
          'arn:aws:sns:us-east-1:000000000000:raincheck-sms-inbound',
          at,
        ),
      );
      if (input) return c.json(stored, 201);
      return c.redirect(`/#${encodeURIComponent(from)}`, 303);
    })
    .get('/', (c) => c.html(outboxPage(store, originationNumber)));
}

function outboxPage(store: SmsStore, originationNumber: string) {
  const threads = new Map<string, typeof store.messages>();
  for (const m of store.messages) {
    const person = m.direction === 'out' ? m.to : m.from;
    threads.set(person, [...(threads.get(person) ?? []), m]);
  }
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta http-equiv="refresh" content="10" />
        <title>Phone outbox - Raincheck local</title>
        <style>
          :root {
            color-scheme: light dark;
            font-family: system-ui, sans-serif;
          }
          body {
            margin: 0 auto;
            max-width: 720px;
            padding: 16px;
          }
          section {
            border: 1px solid #8886;
            border-radius: 12px;
            padding: 12px;
            margin: 16px 0;
          }
          .msg {
            max-width: 80%;
            padding: 8px 12px;
            border-radius: 16px;
            margin: 6px 0;
            white-space: pre-wrap;
          }
          .out {
            background: #e9ecef;
            color: #111;
          }
          .in {
            background: #1c7ed6;
            color: #fff;
            margin-left: auto;
          }
          time {
            display: block;
            font-size: 12px;
            opacity: 0.7;
          }
          form {
            display: flex;
            gap: 8px;
            margin-top: 8px;
          }
          input[type='text'] {
            flex: 1;
            font-size: 16px;
            padding: 10px;
            border-radius: 8px;
            border: 1px solid #888;
          }
          button {
            font-size: 16px;
            padding: 10px 16px;
            border-radius: 8px;
            min-height: 44px;
          }
        </style>
      </head>
      <body>
        <h1>Phone outbox</h1>
        <p>
          Texts sent from ${originationNumber}, by number. Type a reply (YES, STOP, HELP, 1, 2…) as that
          phone.
        </p>
        ${threads.size === 0 ? html`<p>No texts yet.</p>` : ''}
        ${[...threads].map(
          ([person, messages]) =>
            html`<section id="${person}" aria-label="Thread with ${person}">
              <h2>${person}</h2>
              ${messages.map(
                (m) => html`<div class="msg ${m.direction}">${m.body}<time>${m.at}</time></div>`,
              )}
              <form method="post" action="/inbound">
                <input type="hidden" name="from" value="${person}" />
                <label for="reply-${person}" style="position:absolute;left:-9999px">Reply as ${person}</label>
                <input type="text" id="reply-${person}" name="body" required maxlength="1600" />
                <button type="submit">Reply</button>
              </form>
            </section>`,
        )}
      </body>
    </html>`;
}
