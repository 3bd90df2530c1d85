import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';

/** Stops a server and drops its open connections (an idle keep-alive or a hung request holds close()). */
export function closeNow(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** A random secret kept with the local data, so links signed before a restart still work after it. */
export function localSecret(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
