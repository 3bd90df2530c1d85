import net from 'node:net';
import os from 'node:os';
import { testStack } from '../stack';

const stack = testStack();

/** Every address of this machine that another machine could reach (not loopback, not link-local). */
function externalAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => a !== undefined && !a.internal)
    .filter((a) => !(a.family === 'IPv6' && a.address.toLowerCase().startsWith('fe80')))
    .map((a) => a.address);
}

/** 'connected' when something accepts a TCP connection at host:port, else the error code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

const SERVICES = {
  app: stack.appUrl,
  'DynamoDB Local': stack.dynamoUrl,
  'cognito-local': stack.cognitoUrl,
  'SES emulator': stack.mailboxUrl,
  ...(stack.stripeSandboxUrl ? { 'payments sandbox': stack.stripeSandboxUrl } : {}),
};

describe('the local stack listens on loopback only', () => {
  const addresses = externalAddresses();

  it('should have a non-loopback address to try (else this proves nothing)', () => {
    expect(addresses.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(SERVICES))('should refuse %s on every non-loopback address', async (_name, url) => {
    const port = Number(new URL(url).port);
    expect(await tryConnect('127.0.0.1', port)).toBe('connected');
    for (const address of addresses) {
      expect({ address, result: await tryConnect(address, port) }).toEqual({
        address,
        result: 'ECONNREFUSED',
      });
    }
  });
});

const adminCall = (headers: Record<string, string> = {}) =>
  fetch(stack.cognitoUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
      ...headers,
    },
    body: JSON.stringify({ UserPoolId: stack.runtimeConfig.userPoolId }),
  });

/** The CORS preflight a web page on another origin makes before a POST with these headers. */
const preflightFromEvilPage = (url: string, requestHeaders: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': requestHeaders,
    },
  });

describe('cognito-local on loopback', () => {
  it('should not list users to a caller without AWS credentials', async () => {
    const res = await adminCall();
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/demo@raincheck\.local/);
  });

  it('should not let a web page call it (no CORS, preflight refused)', async () => {
    const preflight = await preflightFromEvilPage(stack.cognitoUrl, 'content-type,x-amz-target');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const res = await adminCall({ origin: 'https://evil.example', authorization: 'AWS4-HMAC-SHA256 x' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('should refuse a request for another host name (DNS rebinding)', async () => {
    const port = new URL(stack.cognitoUrl).port;
    const res = await new Promise<number>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) }, () =>
        socket.write(`GET /health HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
      socket.on('error', reject);
    });
    expect(res).toBe(403);
  });

  it('should still serve its JWKS, which the API needs to verify tokens', async () => {
    const res = await fetch(`${stack.cognitoUrl}/${stack.runtimeConfig.userPoolId}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });
});

describe('DynamoDB Local on loopback', () => {
  it('should give a web page no CORS access', async () => {
    const res = await preflightFromEvilPage(stack.dynamoUrl, 'content-type,x-amz-target,authorization');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
