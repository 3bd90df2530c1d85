import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import type { RuntimeConfig } from '../shared/runtime-config';
import type { Hono as HonoApp } from 'hono';
import { serveSpa } from './static-files';

export interface LocalServerOptions {
  port: number;
  distDir: string;
  runtimeConfig: () => RuntimeConfig;
  /** Lambda apps mounted at the paths API Gateway routes to them. */
  apiApps: {
    prefix: string;
    app: HonoApp<never> | { fetch: (req: Request) => Response | Promise<Response> };
  }[];
  extraApps?: { fetch: (req: Request) => Response | Promise<Response>; paths: string[] }[];
}

/** The one origin of the local stack: SPA, /config.json and /api/*, as CloudFront serves them in AWS. */
export function createLocalApp(opts: LocalServerOptions) {
  const app = new Hono();
  for (const extra of opts.extraApps ?? []) {
    for (const p of extra.paths) app.all(p, (c) => extra.fetch(c.req.raw));
  }
  app.get('/config.json', (c) => c.json(opts.runtimeConfig(), 200, { 'cache-control': 'no-store' }));
  for (const { prefix, app: api } of opts.apiApps) {
    app.all(`${prefix}/*`, (c) => api.fetch(c.req.raw));
    app.all(prefix, (c) => api.fetch(c.req.raw));
  }
  app.get('*', (c) => serveSpa(opts.distDir, new URL(c.req.url).pathname));
  return app;
}

export async function listen(
  app: { fetch: (req: Request) => Response | Promise<Response> },
  port: number,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server));
    server.once('error', reject);
  });
}
