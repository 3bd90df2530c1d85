/**
 * cognito-local behind a gate (see cognitoGateRefusal in local/emulators.ts), started as a child process
 * by startCognitoLocal with HOST=127.0.0.1 and PORT set, in the folder that holds its `.cognito` data.
 * Same server as cognito-local's own start script (createDefaultServer), served by our HTTP server so
 * every request passes the gate before cognito-local sees it.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cognitoGateRefusal } from './emulators';
import { holdIdleConnections } from './keep-alive';

const require = createRequire(import.meta.url);

interface CognitoLocalServer {
  application: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}
const { createDefaultServer } = require('cognito-local/lib/server') as {
  createDefaultServer: (logger: unknown) => Promise<CognitoLocalServer>;
};
// pino comes with cognito-local (its logger, which its HTTP middleware expects): resolve it from there.
const pino = createRequire(require.resolve('cognito-local/package.json'))('pino') as (opts: {
  level: string;
}) => unknown;

async function main() {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const cognito = await createDefaultServer(pino({ level: process.env.DEBUG ? 'debug' : 'info' }));
  // The stack's own public key (local/cognito-token-signer.ts) in place of the one cognito-local ships:
  // tokens signed with the published key must find no key here.
  const jwksFile = process.env.RAINCHECK_JWKS_FILE;
  if (!jwksFile) throw new Error('RAINCHECK_JWKS_FILE must name the JWKS of the local signing key');
  const jwks = fs.readFileSync(jwksFile, 'utf8');
  const server = http.createServer((req, res) => {
    const refusal = cognitoGateRefusal(
      { method: req.method ?? 'GET', url: req.url, headers: req.headers },
      port,
      process.env.RAINCHECK_FEDERATION_SECRET,
    );
    if (refusal) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'AccessDeniedException', message: refusal }));
      return;
    }
    if (req.method === 'GET' && /^\/[\w-]+\/\.well-known\/jwks\.json$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(jwks);
      return;
    }
    cognito.application(req, res);
  });
  holdIdleConnections(server);
  server.listen(port, host, () => console.log(`cognito-local listening on http://${host}:${port} (gated)`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
