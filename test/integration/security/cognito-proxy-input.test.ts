import net from 'node:net';
import fc from 'fast-check';
import { BROWSER_TARGETS } from '../../../local/cognito-requests';
import { testStack } from '../stack';
import { cognitoError, leaks, rawCognitoCall, type RawAnswer } from './proxy-client';
import { nastyString } from '../../support/nasty-text';

const stack = testStack();
const ClientId = stack.runtimeConfig.userPoolClientId;

/**
 * POSTs `chunks` chunks of `size` bytes with chunked transfer encoding (no Content-Length) over a raw
 * socket, and stops sending once the server answers: a server may answer early and close, which fetch
 * reports as a write error instead of the answer.
 */
function chunkedPost(url: string, target: string, chunks: number, size: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect({
      host: hostname === 'localhost' ? '127.0.0.1' : hostname,
      port: Number(port),
    });
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      const headers = new Headers();
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
      }
      if (!status) reject(new Error(`No HTTP answer: ${received.slice(0, 200)}`));
      else resolve({ status, contentType: headers.get('content-type') ?? '', text: body, headers });
    });
    socket.once('connect', async () => {
      socket.write(
        `POST ${new URL(url).pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          'Content-Type: application/x-amz-json-1.1\r\n' +
          `X-Amz-Target: AWSCognitoIdentityProviderService.${target}\r\n` +
          'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      );
      const chunk = `${size.toString(16)}\r\n${'a'.repeat(size)}\r\n`;
      for (let i = 0; i < chunks && received === '' && !socket.destroyed; i++) {
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
        await new Promise((r) => setTimeout(r, 10));
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    });
  });
}

/** A JSON error in Cognito's shape, a 4xx, nothing a browser should not see. */
function expectCognitoClientError(answer: RawAnswer, status?: number) {
  expect(leaks(answer.text)).toBeNull();
  expect(answer.contentType).toMatch(/json/);
  if (status !== undefined) expect(answer.status).toBe(status);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  return cognitoError(answer);
}

describe('bad input to the local Cognito proxy', () => {
  it('should answer a JSON 400 to a null body', async () => {
    const answer = await rawCognitoCall(stack, 'SignUp', 'null');
    expectCognitoClientError(answer, 400);
  });

  it.each(
    [...BROWSER_TARGETS].flatMap((target) => ['null', '[]', '7', '"text"'].map((body) => [target, body])),
  )('should answer %s a JSON 4xx, not a 500, to the JSON body %s', async (target, body) => {
    expectCognitoClientError(await rawCognitoCall(stack, target, body));
  });

  it('should answer a JSON 400 to a numeric Username', async () => {
    const answer = await rawCognitoCall(
      stack,
      'ForgotPassword',
      JSON.stringify({ ClientId, Username: 12345 }),
    );
    expectCognitoClientError(answer, 400);
  });

  it('should answer a JSON 400, not an HTML stack trace, to malformed JSON', async () => {
    const answer = await rawCognitoCall(stack, 'InitiateAuth', '{"AuthFlow": "USER_PASSWORD_AUTH", ');
    expect(expectCognitoClientError(answer, 400).__type).toBe('SerializationException');
  });

  it('should answer a JSON 413 to a 1 MB body', async () => {
    const big = JSON.stringify({ ClientId, Username: 'a'.repeat(1024 * 1024) });
    const answer = await rawCognitoCall(stack, 'SignUp', big);
    expectCognitoClientError(answer, 413);
  });

  it('should answer a JSON 413 to a 1 MB body sent without a length (chunked)', async () => {
    const answer = await chunkedPost(`${stack.appUrl}/__cognito`, 'SignUp', 16, 64 * 1024);
    expectCognitoClientError(answer, 413);
  });

  it('should answer a JSON error to an operation the browser may not call', async () => {
    const answer = await rawCognitoCall(stack, 'AdminUpdateUserAttributes', '{}');
    expectCognitoClientError(answer, 400);
  });

  it('should answer a JSON error to a GET', async () => {
    const res = await fetch(`${stack.appUrl}/__cognito`);
    const text = await res.text();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(leaks(text)).toBeNull();
  });
});

/** Field names the operations use, so the junk lands where the proxy looks. */
const FIELDS = [
  'ClientId',
  'Username',
  'Password',
  'UserAttributes',
  'ConfirmationCode',
  'AccessToken',
  'RefreshToken',
  'Token',
  'AuthFlow',
  'AuthParameters',
  'ChallengeName',
  'ChallengeResponses',
  'Session',
  'PreviousPassword',
  'ProposedPassword',
  'ClientMetadata',
] as const;

const nastyText = nastyString({ extra: [' '] });
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(ClientId),
  fc.constant('demo@raincheck.local'),
  fc.constant('USER_PASSWORD_AUTH'),
  fc.integer({ min: 2049, max: 40_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.record({ Name: fc.jsonValue(), Value: fc.jsonValue() }), { maxLength: 4 }),
  fc.dictionary(
    fc.oneof(nastyText, fc.constantFrom('USERNAME', 'PASSWORD', 'REFRESH_TOKEN')),
    fc.jsonValue(),
    {
      maxKeys: 4,
    },
  ),
  fc.jsonValue({ maxDepth: 6 }),
);

const bodies: fc.Arbitrary<string> = fc.oneof(
  // not JSON, or JSON of the wrong top-level type
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  // the operation's field names with the wrong things in them
  fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc
    .record({ ClientId: fc.constant(ClientId), Username: junk, Password: junk, extra: junk })
    .map((v) => JSON.stringify(v)),
  // nested junk, deep
  fc.integer({ min: 50, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 50, max: 3000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  // near and over the size limit
  fc.constantFrom(60_000, 70_000, 300_000).map((n) => JSON.stringify({ ClientId, Username: 'u'.repeat(n) })),
);

describe('the local Cognito proxy under malformed bodies (property)', () => {
  it.each([...BROWSER_TARGETS])(
    'should never answer %s with a 5xx, HTML, a stack trace or a path',
    async (target) => {
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const answer = await rawCognitoCall(stack, target, body);
          expect(answer.status).toBeLessThan(500);
          expect(answer.contentType).toMatch(/json/);
          expect(leaks(answer.text)).toBeNull();
          const parsed = JSON.parse(answer.text) as unknown;
          expect(typeof parsed).toBe('object');
          if (answer.status >= 400) cognitoError(answer);
        }),
        { numRuns: 25 },
      );
    },
    120_000,
  );
});
