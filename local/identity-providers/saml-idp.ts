import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';

// samlify checks XML against a schema only once a validator is set; its own output is what it reads.
samlify.setSchemaValidator({ validate: async () => 'not schema-validated (local IdP)' });

const { binding } = samlify.Constants.namespace;

/** A key and self-signed certificate for the IdP's signatures, made with openssl for this run only. */
function signingKeyPair(): { privateKey: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-saml-idp-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=raincheck-local-idp',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { privateKey: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const readForm = (req: http.IncomingMessage) =>
  new Promise<URLSearchParams>((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
      if (body.length > 200_000) reject(new Error('Too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });

/**
 * A SAML 2.0 identity provider on loopback (`samlify`): metadata with its signing certificate, the
 * HTTP-Redirect sign-on endpoint, a login page where whoever types an address is that address, and a
 * signed assertion posted back to the service provider's ACS. Stands for a company's ADFS or Entra ID.
 */
export async function startSamlIdp(opts: {
  port: number;
  /** The service provider it answers: Cognito's SP entity id for the pool and the ACS URL. */
  sp: { entityId: string; acsUrl: string };
}): Promise<{ metadataUrl: string; metadataXml: string; close: () => Promise<void> }> {
  const base = `http://127.0.0.1:${opts.port}`;
  const { privateKey, cert } = signingKeyPair();
  const idp = samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey,
    signingCert: cert,
    isAssertionEncrypted: false,
    singleSignOnService: [{ Binding: binding.redirect, Location: `${base}/sso` }],
  });
  const sp = samlify.ServiceProvider({
    entityID: opts.sp.entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: opts.sp.acsUrl }],
    wantAssertionsSigned: true,
  });
  const metadataXml = idp.getMetadata();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    (async () => {
      if (req.method === 'GET' && url.pathname === '/metadata')
        return send(200, 'application/xml', metadataXml);
      if (req.method === 'GET' && url.pathname === '/sso') {
        // Checked now, so a malformed request never reaches the login page.
        await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams) });
        const hidden = (name: string) =>
          `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? '')}">`;
        const fields = ['SAMLRequest', 'RelayState', 'SigAlg', 'Signature'].map(hidden).join('');
        return send(
          200,
          'text/html; charset=utf-8',
          `<!doctype html><title>Local SAML sign-in</title><main><h1>Local SAML identity provider</h1>
<form method="post" action="/sso/login">${fields}<label>Email <input name="email" type="email" required></label>
<button type="submit">Sign in</button></form></main>`,
        );
      }
      if (req.method === 'POST' && url.pathname === '/sso/login') {
        const form = await readForm(req);
        const query = Object.fromEntries([...form].filter(([k]) => k !== 'email'));
        const parsed = await idp.parseLoginRequest(sp, 'redirect', { query });
        // The parsed request (its id becomes the answer's InResponseTo).
        const extract = parsed as unknown as Parameters<typeof idp.createLoginResponse>[1];
        const response = (await idp.createLoginResponse(
          sp,
          extract,
          'post',
          { email: form.get('email') ?? '' },
          {
            relayState: form.get('RelayState') ?? undefined,
          },
        )) as { context: string; entityEndpoint: string; relayState?: string };
        return send(
          200,
          'text/html; charset=utf-8',
          `<!doctype html><title>Signing in</title><form method="post" action="${escapeHtml(response.entityEndpoint)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(response.context)}">
<input type="hidden" name="RelayState" value="${escapeHtml(form.get('RelayState') ?? '')}">
<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
        );
      }
      send(404, 'text/plain', 'Not found');
    })().catch((err: unknown) => send(400, 'text/plain', `Bad SAML request: ${String(err)}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    metadataUrl: `${base}/metadata`,
    metadataXml,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
