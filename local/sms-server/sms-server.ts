import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { holdIdleConnections } from '../keep-alive';
import { hostGuard } from '../host-guard';
import { outboxRoutes, type InboundDelivery } from './outbox.routes';
import { smsApiRoutes } from './sms-api.routes';
import { SmsStore } from './sms-store';

export interface SmsServer {
  url: string;
  store: SmsStore;
  close(): Promise<void>;
}

/** The local stand-in for End User Messaging SMS: the AWS API on `POST /` and the phone outbox. */
export async function startSmsServer(opts: {
  port: number;
  originationNumber: string;
  deliver: InboundDelivery;
  allowedHosts?: readonly string[];
}): Promise<SmsServer> {
  const store = new SmsStore();
  const app = new Hono()
    .use('*', hostGuard(opts.allowedHosts))
    .route('/', smsApiRoutes(store, opts.originationNumber))
    .route('/', outboxRoutes(store, opts.originationNumber, opts.deliver));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: '127.0.0.1' }, () => resolve(s));
    holdIdleConnections(s);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://localhost:${port}`,
    store,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
