/**
 * Issue 26 item 8: the public API's Lambda builds its own root (lambdas/composition/public-api.root.ts)
 * instead of the api's createAppRoot, which the local stack and the integration tests still use for
 * `/v1`. So the `/v1` tests keep covering the Lambda, every adapter the public API's app is given must
 * be the one createAppRoot gives it: the same class, member by member, with the same settings.
 */
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { createPublicApiRoot } from '../../../lambdas/composition/public-api.root';
import { rootTestConfig, shapeOf } from './root-shapes';

// ESM only, which Jest's CommonJS runtime cannot load; the webhook transport only builds its agents.
jest.mock('request-filtering-agent', () => ({
  RequestFilteringHttpAgent: class {},
  RequestFilteringHttpsAgent: class {},
}));

const config = rootTestConfig('raincheck-public-api');

describe("the public API's root", () => {
  const lambdaRoot = createPublicApiRoot(config);
  const appRoot = createAppRoot(config);

  it.each(Object.keys(createPublicApiRoot(config)))(
    'should give the public API the %s that createAppRoot gives it',
    (member) => {
      const ours = lambdaRoot[member as keyof typeof lambdaRoot];
      const theirs = appRoot[member as keyof typeof appRoot];
      if (member === 'dispatch' || member === 'ledger') {
        // createAppRoot's hold more (the dispatch's sender, the ledger's evidence): the ones named here match.
        for (const [key, value] of Object.entries(ours as object)) {
          expect({ key, shape: shapeOf(value) }).toEqual({
            key,
            shape: shapeOf((theirs as unknown as Record<string, unknown>)[key]),
          });
        }
        return;
      }
      expect(shapeOf(ours)).toEqual(shapeOf(theirs));
    },
  );

  it('should give every member the public API app takes but its logger', () => {
    expect(Object.keys(lambdaRoot).sort()).toEqual(
      [
        'accounts',
        'apiKeys',
        'clock',
        'dispatch',
        'events',
        'ids',
        'ledger',
        'noticeDefaults',
        'records',
        'sms',
      ].sort(),
    );
  });
});
