import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve, type ServerType } from '@hono/node-server';
import { hostGuard } from '../host-guard';
import { apiGuard, type Fault } from './api-guard.middleware';
import { registerApiRoutes } from './api.routes';
import { registerControlRoutes } from './control.routes';
import { registerHostedPages } from './hosted-pages.routes';
import { createSandboxStore } from './sandbox-store';
import { StripeApiError, bodyTooLargeResponse, stripeErrorResponse } from './stripe-errors';
import { createStripeObjects } from './stripe-objects';
import { createSubscriptionLifecycle } from './subscription-lifecycle';
import { createWebhookEvents } from './webhook-events';
import { holdIdleConnections } from '../keep-alive';

/**
 * The local payments sandbox: a small Stripe-API-compatible server for the subset of Stripe the
 * product calls, with hosted pages (checkout, invoice, portal) and control routes that drive a
 * subscription's life (renew, fail a payment, cancel). Events are signed with the webhook secret
 * exactly as Stripe signs them and POSTed to the app's real webhook. Only for `npm start` and the
 * tests; with real keys Stripe is used. This file wires the parts together:
 *   api.routes.ts (+ api-guard.middleware.ts)  the `/v1` API, behind the sandbox's secret key
 *   hosted-pages.routes.ts                      what a customer sees in the browser
 *   control.routes.ts                           `/__sandbox/*`, behind the control token
 *   subscription-lifecycle.ts, invoices.ts      what Stripe does to subscriptions and invoices
 *   webhook-events.ts                           the signed events and their delivery
 *   stripe-objects.ts, sandbox-store.ts         the objects and the state that keeps them
 */

export interface SandboxOptions {
  /** Where events are POSTed: the app's `/api/stripe/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  /** The secret key the `/v1` API accepts (the product's Stripe client is given the same). */
  secretKey: string;
  /** The token the control routes want in `x-sandbox-token`. */
  controlToken: string;
  /** Host names served besides the loopback ones (RAINCHECK_ALLOWED_HOSTS); any other gets 421. */
  allowedHosts?: readonly string[];
  /** JSON file that keeps state across restarts; null keeps it in memory (tests). */
  statePath: string | null;
  now?: () => Date;
}

export interface StripeSandbox {
  app: Hono;
  /** Set once listening: `http://localhost:PORT` (the browser and the SDK both use it). */
  url: string;
  listen(port: number): Promise<void>;
  stop(): Promise<void>;
}

/** Stripe refuses request bodies far smaller than this; it keeps a junk body from costing memory. */
const API_BODY_LIMIT = 256 * 1024;

export function createStripeSandbox(opts: SandboxOptions): StripeSandbox {
  const store = createSandboxStore(opts.statePath, opts.now ?? (() => new Date()));
  const objects = createStripeObjects(store);
  const events = createWebhookEvents(store, opts);
  const lifecycle = createSubscriptionLifecycle(store, objects, events);
  const faults: Fault[] = [];

  const app = new Hono();
  // DNS rebinding: a page on another domain resolving to 127.0.0.1 must not reach the sandbox.
  app.use(hostGuard(opts.allowedHosts ?? []));
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: (c) => bodyTooLargeResponse(c, 'The request is too large.'),
    }),
  );
  app.use('/v1/*', apiGuard(store, opts.secretKey, faults));
  registerApiRoutes(app, { store, objects, lifecycle, events });
  registerHostedPages(app, { store, objects, lifecycle, events });
  registerControlRoutes(app, { store, lifecycle, events, faults, token: opts.controlToken });
  app.get('/', (c) =>
    c.html(
      '<h1>Raincheck local payments sandbox — no real money</h1><p>A Stripe-compatible test server for local development. See local/stripe-sandbox/README.md.</p>',
    ),
  );

  app.onError((err, c) => {
    if (err instanceof StripeApiError) return stripeErrorResponse(c, err);
    console.error(err);
    return stripeErrorResponse(c, new StripeApiError(500, 'api_error', 'The sandbox failed; see its log.'));
  });
  app.notFound((c) =>
    stripeErrorResponse(
      c,
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`,
      ),
    ),
  );

  let server: ServerType | null = null;
  const sandbox: StripeSandbox = {
    app,
    url: '',
    listen: (port) =>
      new Promise((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
          store.baseUrl = `http://localhost:${info.port}`;
          sandbox.url = store.baseUrl;
          resolve();
        });
        s.once('error', reject);
        holdIdleConnections(s);
        server = s;
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
  return sandbox;
}
