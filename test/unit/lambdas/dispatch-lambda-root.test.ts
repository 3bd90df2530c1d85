/**
 * Issue 26 item 8: the dispatch's two Lambdas (the planner and the worker) build the messaging root
 * alone (lambdas/composition/messaging.root.ts) rather than createAppRoot, which the local stack and the
 * dispatch's integration tests use. So those tests keep covering the Lambdas, the dispatch they are
 * given must be the one createAppRoot gives: the same adapters, member by member, with the same settings.
 */
import { createAppRoot } from '../../../lambdas/composition/app.root';
import { createDispatchLambdaDeps } from '../../../lambdas/composition/messaging.root';
import { rootTestConfig, shapeOf } from './root-shapes';

// ESM only, which Jest's CommonJS runtime cannot load; the webhook transport only builds its agents.
jest.mock('request-filtering-agent', () => ({
  RequestFilteringHttpAgent: class {},
  RequestFilteringHttpsAgent: class {},
}));

describe("the dispatch Lambdas' root", () => {
  const config = rootTestConfig('raincheck-dispatch-worker');
  const lambdaDeps = createDispatchLambdaDeps(config);
  const appDeps = createAppRoot(config).dispatch;

  it('should give the same members as createAppRoot', () => {
    expect(Object.keys(lambdaDeps).sort()).toEqual(Object.keys(appDeps).sort());
    expect(Object.keys(lambdaDeps)).toEqual(expect.arrayContaining(['sender', 'texts', 'confirmations']));
  });

  it.each(Object.keys(createDispatchLambdaDeps(config)))(
    'should give the %s createAppRoot gives',
    (member) => {
      const key = member as keyof typeof lambdaDeps;
      expect(shapeOf(lambdaDeps[key])).toEqual(shapeOf(appDeps[key]));
    },
  );
});
