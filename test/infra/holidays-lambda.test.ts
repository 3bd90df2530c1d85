import { createHolidaysApp, HOLIDAY_ROUTES } from '../../lambdas/holidays/app';
import { askedWithoutCaller, routeKeys, routesOf } from './support/lambda-routes';

describe('the holidays Lambda', () => {
  it('should be routed exactly the holiday calendar routes its app serves, none of them public', () => {
    expect(routeKeys(routesOf('holidays'))).toEqual(routeKeys(HOLIDAY_ROUTES));
    expect(routesOf('holidays').every((r) => !r.public)).toBe(true);
  });

  it('should refuse every holiday route without a verified caller', async () => {
    const app = createHolidaysApp({
      authenticate: async () => null,
      holidays: {} as Parameters<typeof createHolidaysApp>[0]['holidays'],
    });
    for (const route of HOLIDAY_ROUTES)
      expect(await askedWithoutCaller(app, route)).toEqual({ route: route.path, status: 401 });
  });
});
