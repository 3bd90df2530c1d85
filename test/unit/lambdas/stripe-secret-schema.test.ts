/**
 * The Stripe secret's schema in zod/mini (lambdas/adapters/stripe/stripe.secrets.ts; issue 26 item 8,
 * sixth round) against the schema it replaces, written in zod's classic API: the same answer, data
 * and issues (code, path, message) for every kind of secret an operator may have stored.
 */
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

const answer = (result: ReturnType<typeof original.safeParse> | ReturnType<typeof parseStripeSecret>) =>
  result.success ? { data: result.data } : { issues: result.error.issues };

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
];

describe('the Stripe secret read from Secrets Manager', () => {
  it.each(SECRETS)('should answer %s as the classic schema does', (_name, secret) => {
    const expected = answer(original.safeParse(secret));
    expect(withoutGlobalEnglish(() => answer(parseStripeSecret(secret)))).toEqual(expected);
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
