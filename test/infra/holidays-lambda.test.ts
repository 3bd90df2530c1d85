import { createHolidaysApp, HOLIDAY_ROUTES } from '../../lambdas/holidays/app';
import { expectEachRefusedWithoutCaller, expectRoutedExactly, neverReached } from './support/lambda-routes';

describe('the holidays Lambda', () => {
  it('should be routed exactly the holiday calendar routes its app serves, none of them public', () => {
    expectRoutedExactly('holidays', HOLIDAY_ROUTES);
  });

  it('should refuse every holiday route without a verified caller', async () => {
    const app = createHolidaysApp({ authenticate: async () => null, holidays: neverReached() });
    await expectEachRefusedWithoutCaller(app, HOLIDAY_ROUTES);
  });
});
