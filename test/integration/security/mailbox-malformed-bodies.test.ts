import fc from 'fast-check';
import { testStack } from '../stack';
import { leaks } from './proxy-client';

/**
 * Issue 18, Done-when: the malformed-body property test covers the mailbox too. The mailbox port is a
 * guarded pass-through (local/mailbox-proxy.ts) in front of aws-ses-v2-local, whose own answer to bad
 * input is Express's HTML error page with a stack trace. Through the pass-through, anything malformed
 * gets a 4xx without HTML, a stack trace or a path, and the mailbox keeps working.
 */
const stack = testStack();

/** The mailbox's routes that take a body: its SES v1 and v2 API (not /clear-store: other tests read mail). */
const ROUTES = [
  { path: '/v2/email/outbound-emails', auth: true },
  { path: '/v2/email/outbound-bulk-emails', auth: true },
  { path: '/v2/email/templates', auth: true },
  { path: '/', auth: true },
] as const;

const FIELDS = [
  'FromEmailAddress',
  'Destination',
  'Content',
  'Simple',
  'Subject',
  'Body',
  'ToAddresses',
  'Action',
  'Source',
  'Message',
  'TemplateName',
];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant('a@example.com'),
  fc.jsonValue({ maxDepth: 4 }),
);

const bodies: fc.Arbitrary<{ body: string; type: string }> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }).map((body) => ({ body, type: 'application/json' })),
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
  fc
    .dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 5 })
    .map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
  fc.integer({ min: 50, max: 3000 }).map((depth) => ({
    body: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    type: 'application/json',
  })),
  fc.string({ maxLength: 200 }).map((body) => ({ body, type: 'application/x-www-form-urlencoded' })),
  fc.string({ maxLength: 200 }).map((body) => ({ body, type: 'text/plain' })),
);

describe('the local mailbox under malformed bodies (property)', () => {
  it.each(ROUTES.map((r) => [r.path, r] as const))(
    'should never answer POST %s with a 5xx, HTML, a stack trace or a path',
    async (_path, route) => {
      await fc.assert(
        fc.asyncProperty(bodies, async ({ body, type }) => {
          const res = await fetch(`${stack.mailboxUrl}${route.path}`, {
            method: 'POST',
            headers: {
              'content-type': type,
              // The SES emulator wants some AWS Authorization header; it checks no signature.
              ...(route.auth ? { authorization: 'AWS4-HMAC-SHA256 Credential=local/x' } : {}),
            },
            body,
          });
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          expect(leaks(text)).toBeNull();
          if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/json/);
        }),
        { numRuns: 25 },
      );
      // Still serving.
      expect((await fetch(`${stack.mailboxUrl}/store`)).status).toBe(200);
    },
    120_000,
  );

  it('should answer a JSON 413 to a body over its limit', async () => {
    const res = await fetch(`${stack.mailboxUrl}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'AWS4-HMAC-SHA256 Credential=local/x' },
      body: JSON.stringify({ Content: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});
