/**
 * The Stripe secret's check (lambdas/adapters/stripe/stripe.secrets.ts: zod/mini in issue 26 item 8's
 * sixth round, by hand since the seventh) against the schema it replaced, written in zod's classic API:
 * the same answer, data and issues (code, path, message) for every kind of secret an operator may have
 * stored, and for random JSON.
 */
import fc from 'fast-check';
import * as z from 'zod';
import * as mini from 'zod/mini';
import { parseStripeSecret } from '../../../lambdas/adapters/stripe/stripe.secrets';

/** The schema as it was (zod's classic API): building it registers zod's English messages globally. */
const original = z.object({
  secretKey: z.string().startsWith('sk_', 'secretKey must be a Stripe secret key (sk_…)'),
  webhookSecret: z.string().startsWith('whsec_', 'webhookSecret must be a webhook signing secret (whsec_…)'),
  priceIds: z.record(z.string(), z.string()).optional(),
});

/**
 * `parse` with no locale set globally, as in a Lambda bundle that has no classic schema to register
 * one: in Jest the classic API above has registered English for every zod schema of the process.
 */
function withoutGlobalEnglish<T>(parse: () => T): T {
  const saved = z.config().localeError;
  z.config({ localeError: undefined });
  try {
    return parse();
  } finally {
    z.config({ localeError: saved });
  }
}

/** What the secret's reader promises: the data, or each issue's code, path and English message. */
const answer = (result: ReturnType<typeof original.safeParse> | ReturnType<typeof parseStripeSecret>) =>
  result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };

const valid = { secretKey: 'sk_test_1', webhookSecret: 'whsec_1' };
const SECRETS: [string, unknown][] = [
  ['the keys', valid],
  ['the keys and price ids', { ...valid, priceIds: { raincheck_pro_monthly: 'price_1' } }],
  ['the keys and a name it does not read', { ...valid, note: 'rotated' }],
  ['nothing', {}],
  ['null', null],
  ['a string', 'sk_test_1'],
  ['an array', [valid]],
  ['a number as the key', { ...valid, secretKey: 42 }],
  ['a publishable key', { ...valid, secretKey: 'pk_test_1' }],
  ['a signing secret without its prefix', { ...valid, webhookSecret: 'abc' }],
  ['both wrong', { secretKey: 'rk_1', webhookSecret: '' }],
  ['a price id that is a number', { ...valid, priceIds: { raincheck_pro_monthly: 1 } }],
  ['price ids as a string', { ...valid, priceIds: 'price_1' }],
  ['price ids as null', { ...valid, priceIds: null }],
  ['price ids as an array', { ...valid, priceIds: ['price_1'] }],
  [
    'price ids as JSON names them, __proto__ too',
    { ...valid, priceIds: JSON.parse('{"__proto__":"p","a":"b","1":"c"}') },
  ],
  ['price ids with a bad id under __proto__', { ...valid, priceIds: JSON.parse('{"__proto__":1}') }],
  ['price ids undefined', { ...valid, priceIds: undefined }],
  ['a secret named __proto__', JSON.parse('{"__proto__":{"secretKey":"sk_1"},"webhookSecret":"whsec_1"}')],
  ['keys of every JSON type', { secretKey: true, webhookSecret: { a: 1 } }],
];

describe('the Stripe secret read from Secrets Manager', () => {
  it.each(SECRETS)('should answer %s as the classic schema does', (_name, secret) => {
    const expected = answer(original.safeParse(secret));
    expect(withoutGlobalEnglish(() => answer(parseStripeSecret(secret)))).toStrictEqual(expected);
  });

  it('should answer random JSON as the classic schema does', () => {
    const key = fc.oneof(fc.constantFrom('sk_', 'sk_test_1', 'whsec_', 'whsec_1', 'pk_1', ''), fc.string());
    const secret = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          secretKey: fc.oneof(key, fc.jsonValue()),
          webhookSecret: fc.oneof(key, fc.jsonValue()),
          priceIds: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      fc.record({
        secretKey: key,
        webhookSecret: key,
        priceIds: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue())),
      }),
    );
    fc.assert(
      fc.property(secret, (value) => {
        const json = JSON.parse(JSON.stringify(value)) as unknown;
        const expected = answer(original.safeParse(json));
        expect(withoutGlobalEnglish(() => answer(parseStripeSecret(json)))).toStrictEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('should word a missing key in English though no locale is set globally', () => {
    // What a zod/mini schema says without the locale: the test above would see it.
    const bare = mini.object({ secretKey: mini.string() });
    const [unworded] = withoutGlobalEnglish(() => bare.safeParse({}).error!.issues);
    expect(unworded?.message).toBe('Invalid input');
    const issues = withoutGlobalEnglish(() => parseStripeSecret({ webhookSecret: 'whsec_1' }).error!.issues);
    expect(issues.map((i) => i.message)).toEqual(['Invalid input: expected string, received undefined']);
  });
});
