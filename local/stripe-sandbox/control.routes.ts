import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod';
import type { Fault } from './api-guard.middleware';
import { SANDBOX_TOKEN_HEADER, secretsMatch } from './sandbox-secrets';
import type { SandboxStore } from './sandbox-store';
import {
  StripeApiError,
  bodyTooLargeResponse,
  invalidParam,
  noSuch,
  stripeErrorResponse,
} from './stripe-errors';
import type { SubscriptionLifecycle } from './subscription-lifecycle';
import type { SignedEvent, WebhookEvents } from './webhook-events';

export interface ControlDeps {
  store: SandboxStore;
  lifecycle: SubscriptionLifecycle;
  events: WebhookEvents;
  faults: Fault[];
  /** The token every control route wants in `x-sandbox-token`. */
  token: string;
}

const CONTROL_BODY_LIMIT = 64 * 1024;
const text = (max: number) => z.string().max(max);
const cardPart = z.union([z.number(), text(20)]);

/** `deliver: false` returns the signed events without sending them (tests replay them). */
const deliverOnly = z.object({ deliver: z.boolean().optional() });
const CONTROL_BODIES = {
  pay: deliverOnly.extend({
    cardNumber: text(40).optional(),
    expMonth: cardPart.optional(),
    expYear: cardPart.optional(),
    cvc: cardPart.optional(),
    email: text(320).optional(),
  }),
  renew: deliverOnly.extend({ invoiceDescription: text(500).optional() }),
  deliverOnly,
  fault: z.object({
    method: z.enum(['GET', 'POST', 'DELETE', 'get', 'post', 'delete']).optional(),
    pathPrefix: text(200).startsWith('/v1/').optional(),
    status: z.number().int().min(400).max(599).optional(),
    times: z.number().int().min(1).max(1000).optional(),
  }),
};

/**
 * What a control route asks of its caller before anything else: the sandbox's token (401), and for a
 * POST a JSON body (415), which a page on another site cannot send without a CORS preflight the
 * sandbox never grants.
 */
function controlGuard(token: string): MiddlewareHandler {
  return async (c, next) => {
    if (!secretsMatch(c.req.header(SANDBOX_TOKEN_HEADER) ?? '', token))
      return stripeErrorResponse(
        c,
        new StripeApiError(
          401,
          'invalid_request_error',
          `Control routes need the sandbox's token in the ${SANDBOX_TOKEN_HEADER} header (see local/stripe-sandbox/README.md).`,
        ),
      );
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (c.req.method === 'POST' && type !== 'application/json')
      return stripeErrorResponse(
        c,
        new StripeApiError(
          415,
          'invalid_request_error',
          'Control routes take Content-Type: application/json.',
        ),
      );
    await next();
  };
}

/** A control body: empty means `{}`; anything else must be a JSON object of the route's shape (400). */
async function controlBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await c.req.text();
  let parsed: unknown = {};
  if (raw.trim() !== '') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new StripeApiError(400, 'invalid_request_error', 'The body is not valid JSON.');
    }
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.join('.');
    throw invalidParam(
      field ? `${field}: ${issue.message}` : 'The body must be a JSON object.',
      field || 'body',
    );
  }
  return result.data;
}

/**
 * The sandbox's control routes (`/__sandbox/*`), for tests and demos: pay a session without the page,
 * renew, fail a payment, cancel, re-send an event, inject API faults, read the whole state.
 */
export function registerControlRoutes(app: Hono, deps: ControlDeps): void {
  const { store, lifecycle, events, faults } = deps;
  app.use('/__sandbox/*', controlGuard(deps.token));
  app.use(
    '/__sandbox/*',
    bodyLimit({
      maxSize: CONTROL_BODY_LIMIT,
      onError: (c) => bodyTooLargeResponse(c, 'The body is too large.'),
    }),
  );

  const respond = async (c: Context, caused: SignedEvent[], deliver: boolean | undefined, extra = {}) => {
    const deliveries = deliver === false ? [] : await events.deliver(caused);
    return c.json({ ...extra, events: caused, deliveries });
  };

  app.post('/__sandbox/checkout/:id/pay', async (c) => {
    const body = await controlBody(c, CONTROL_BODIES.pay);
    const { events: caused, session } = lifecycle.completeCheckout(c.req.param('id'), body);
    const subscription = store.state.subscriptions[session.subscription];
    return respond(c, caused, body.deliver, { session, subscription });
  });
  app.post('/__sandbox/subscriptions/:id/renew', async (c) => {
    const body = await controlBody(c, CONTROL_BODIES.renew);
    const caused = lifecycle.renew(c.req.param('id'), {
      paid: true,
      invoiceDescription: body.invoiceDescription,
    });
    return respond(c, caused, body.deliver, { subscription: store.state.subscriptions[c.req.param('id')] });
  });
  app.post('/__sandbox/subscriptions/:id/fail-payment', async (c) => {
    const body = await controlBody(c, CONTROL_BODIES.deliverOnly);
    return respond(c, lifecycle.renew(c.req.param('id'), { paid: false }), body.deliver);
  });
  app.post('/__sandbox/subscriptions/:id/cancel', async (c) => {
    const body = await controlBody(c, CONTROL_BODIES.deliverOnly);
    return respond(c, lifecycle.cancelNow(c.req.param('id')), body.deliver);
  });
  app.post('/__sandbox/events/:id/resend', async (c) => {
    await controlBody(c, CONTROL_BODIES.deliverOnly);
    const e = events.eventOfThisRun(c.req.param('id'));
    // Only this run's events are kept signed; an older one is as unknown as a made-up id.
    if (!e) throw noSuch('event', c.req.param('id'));
    return c.json({ deliveries: await events.deliver([e]) });
  });
  app.post('/__sandbox/faults', async (c) => {
    const body = await controlBody(c, CONTROL_BODIES.fault);
    faults.push({
      method: (body.method ?? 'GET').toUpperCase(),
      pathPrefix: body.pathPrefix ?? '/v1/',
      status: body.status ?? 500,
      remaining: body.times ?? 1,
    });
    return c.json({ faults });
  });
  app.delete('/__sandbox/faults', (c) => {
    faults.length = 0;
    return c.json({ faults });
  });
  app.get('/__sandbox/state', (c) =>
    c.json({ ...store.state, idempotency: Object.keys(store.state.idempotency).length }),
  );
}
